import type { EntityDocument, FieldDoc } from '../document/types';
import { FIELD_TYPE_NAMES } from '../fields/registry';
import { callParams, routeProblems, type CallParams } from './call';
import type { ActionDoc, ActionKindDef } from './types';

/** a form action's params: its fields, their first values, the route its values go to */
export interface FormParams extends CallParams {
  /** the form's fields, as a document's fields (the generic form shows them, with their rules) */
  fields: FieldDoc[];
  /** a form field's first value from the row: form field key → row field key */
  from?: Record<string, string>;
  /** the dialog's title; `{key}` is the row's value of that field (default the action's label) */
  title?: string;
  /** the dialog stays open after each answer, which it shows, for the next entry (a check-in desk) */
  keepOpen?: boolean;
}

export const formParams = (a: ActionDoc) => a.params as unknown as FormParams;

/** the row's fields a title reads as {key} */
export const titleKeys = (title: string) => [...title.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);

/**
 * form: a dialog of the generic form over the action's own fields, first filled from the row (or
 * empty, from the toolbar), whose values go to a route the server declares under the action's code
 * (checked at start as call's are); the server's message shows and the list reloads.
 */
export const form: ActionKindDef = {
  places: ['row', 'toolbar'],
  check(action, doc: EntityDocument) {
    const p = (action.params ?? {}) as Partial<FormParams>;
    const out = routeProblems(action.params);
    const fields = Array.isArray(p.fields) ? p.fields : [];
    if (!fields.length) out.push(['/params/fields', 'a form needs its fields']);
    fields.forEach((f, i) => {
      if (typeof f?.key !== 'string' || typeof f.title !== 'string' || !FIELD_TYPE_NAMES.includes(f.type))
        out.push([`/params/fields/${i}`, 'a field needs a key, a title and a registered type']);
    });
    const keys = new Set(fields.map((f) => f?.key));
    fields.forEach((f, i) =>
      f?.validateRules?.forEach((r, j) => {
        if (r.sameAs !== undefined && !keys.has(r.sameAs))
          out.push([
            `/params/fields/${i}/validateRules/${j}/sameAs`,
            `'${r.sameAs}' is not a field of this form`,
          ]);
      }),
    );
    const rowKeys = new Set(doc.fields.map((f) => f.key).concat('id'));
    for (const [to, from] of Object.entries(p.from ?? {})) {
      if (!keys.has(to)) out.push([`/params/from/${to}`, `'${to}' is not a field of this form`]);
      if (!rowKeys.has(from)) out.push([`/params/from/${to}`, `'${from}' is not a field of this document`]);
    }
    for (const k of titleKeys(p.title ?? ''))
      if (!rowKeys.has(k)) out.push(['/params/title', `{${k}} is not a field of this document`]);
    return out;
  },
  operations: (action) => [{ ...callParams(action), access: 'action' }],
};

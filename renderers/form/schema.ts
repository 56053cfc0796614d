import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { fieldState, titleOf } from '../../src/core/document/conditions';
import { dbTypeOf, isMultiValue } from '../../src/core/document/model';
import type { EntityDocument, FieldDoc } from '../../src/core/document/types';
import { fieldType } from '../../src/core/fields/registry';
import { isRequired } from '../../src/core/validation/validate';
import { editorName } from '../fields/parts';
import type { DictOption } from '../common/dict';
import { t } from './messages';

export type FormMode = 'add' | 'edit' | 'detail';

/**
 * the widget a field is drawn with: a field naming a popup document gets its picker whatever its
 * type, except a type that fills the form from the popup itself (popup); a detail draws a type's
 * display where it has one
 */
export function widgetOf(f: FieldDoc, detail = false): string | undefined {
  return f.popupCode && !fieldType(f).fillsFromPopup ? 'JPicker' : editorName(f, detail);
}

/** the text a date, date-time or time field stores and shows */
export function valueFormat(f: FieldDoc): string | undefined {
  return fieldType(f).format;
}

/** the fields a form shows; a detail view leaves out what is never read back (a password) */
export function formFields(doc: EntityDocument, mode?: FormMode): FieldDoc[] {
  return doc.fields.filter((f) => f.form !== false && !(mode === 'detail' && f.writeOnly));
}

function jsonType(f: FieldDoc): 'string' | 'number' | 'integer' {
  return fieldType(f).jsonType(f, dbTypeOf(f));
}

function defaultOf(f: FieldDoc): string | number | undefined {
  if (f.defaultValue !== undefined && f.defaultValue !== '') {
    return jsonType(f) === 'string' ? String(f.defaultValue) : Number(f.defaultValue);
  }
  // e.g. an empty switch emits its second option, so a new record starts "off"
  return fieldType(f).initial?.(f);
}

/**
 * The JSON Schema of a document's form. It carries the shape (types, required, option enums,
 * defaults for a new record); the messages come from the project's validators (see validation.ts).
 * No minimum/maximum/maxLength: antd's InputNumber would clamp to them and hide the error.
 */
export function toJsonSchema(
  doc: EntityDocument,
  mode: FormMode,
  options: Record<string, DictOption[]> = {},
  formValues: Record<string, unknown> = {},
): RJSFSchema {
  const properties: Record<string, RJSFSchema> = {};
  for (const f of formFields(doc, mode)) {
    const p: RJSFSchema = { type: jsonType(f), title: titleOf(f, formValues) };
    const values = fieldType(f).choices?.(f) ?? (options[f.key] ?? []).map((o) => o.value);
    if (fieldType(f).singleChoice && !isMultiValue(f) && values.length) p.enum = values;
    const format = fieldType(f).jsonFormat;
    if (format) p.format = format;
    const d = mode === 'add' ? defaultOf(f) : undefined;
    if (d !== undefined) p.default = d;
    properties[f.key] = p;
  }
  return {
    type: 'object',
    // a detail is read, not filled in: no required marks
    required:
      mode === 'detail'
        ? []
        : formFields(doc, mode)
            .filter((f) => isRequired(f, formValues))
            .map((f) => f.key),
    properties,
  };
}

/** How each field is drawn: widget, placeholder, options, read-only (always in detail; immutable ones in edit). */
export function toUiSchema(
  doc: EntityDocument,
  mode: FormMode,
  options: Record<string, DictOption[]> = {},
  formValues: Record<string, unknown> = {},
): UiSchema {
  const ui: UiSchema = {
    // the modal's OK button submits; rjsf's own button would be a second, unstyled one
    'ui:submitButtonOptions': { norender: true },
  };
  // a node of a fixedParent tree stays under the parent it was added to (its code derives from it)
  const fixedParent = mode === 'edit' && doc.tree?.fixedParent ? doc.tree.pidField : undefined;
  const detail = mode === 'detail';
  for (const f of formFields(doc, mode)) {
    const state = fieldState(f, formValues);
    const retitled = f.altTitle && titleOf(f, formValues) !== f.title ? f.altTitle : undefined;
    const title = retitled?.title ?? f.title;
    // a help line shows below the editor with its errors (rjsf's ui:help would take their place)
    const help = detail ? undefined : f.help;
    // a detail shows a value the way the list does (a decimal's 1,234,567.50), not as an editor holds it
    const shown = detail && fieldType(f).display && !widgetOf(f) ? 'JDisplay' : widgetOf(f, detail);
    const widget = state.hidden ? 'hidden' : shown;
    const fixed = f.key === fixedParent || (mode === 'edit' && Boolean(f.immutable));
    ui[f.key] = {
      ...(widget ? { 'ui:widget': widget } : {}),
      ...(state.disabled ? { 'ui:disabled': true } : {}),
      ...(f.key === fixedParent ? { 'ui:help': t('addOnly', { title: f.title }) } : {}),
      ...(help ? { 'ui:description': help } : {}),
      // nothing is asked of the reader of a detail: an empty field stays empty
      'ui:placeholder': detail
        ? ''
        : (retitled?.placeholder ?? f.placeholder ?? t(fieldType(f).picked ? 'choose' : 'enter', { title })),
      'ui:readonly': detail || Boolean(f.readonly) || fixed,
      'ui:options': {
        fieldDoc: f,
        ...(options[f.key] ? { dictOptions: options[f.key] } : {}),
        ...(valueFormat(f) ? { format: valueFormat(f) } : {}),
        ...(isMultiValue(f) ? { multiple: true } : {}),
      },
    };
  }
  return ui;
}

import type { Catalog } from '../document/catalog';
import { ruleVariables, type Condition } from '../document/conditions';
import { apiBase } from '../document/model';
import type { EntityDocument } from '../document/types';
import { ACTION_KINDS, isActionKind, type ActionKind } from './registry';
import { placesOf, rowKeys, type ActionDoc } from './types';

/**
 * the permission codes a document's generic routes need (list, add, edit, …): an action needs one of
 * its own, unless all it runs is that generic route of its own document (停用 on 字典项: its edit with
 * a fixed status), which checks and logs the write as an edit does
 */
const GENERIC_CODES = new Set(['list', 'add', 'edit', 'delete', 'deleteBatch', 'exportXls', 'importExcel']);

const ownGenericRoute = (e: EntityDocument, a: ActionDoc, code: string) =>
  ACTION_KINDS[a.kind as ActionKind]
    .operations(a)
    .every((o) => o.access !== 'action' || o.url === `${apiBase(e)}/${code}`);

/**
 * schemas:check of a document's row behaviour (`actions`, `list.editWhen`): a registered kind in places it
 * supports with sound params, a key used once, a permission code of its own under the document's prefix
 * where the server checks one, and rules that read only the row's fields and columns.
 */
export function actionProblems(e: EntityDocument, catalog: Catalog): [string, string][] {
  const out: [string, string][] = [];
  const keys = new Set<string>();
  const readable = rowKeys(e);
  const rowRule = (at: string, name: string, rule: Condition | undefined) => {
    for (const v of ruleVariables(rule))
      if (!readable.has(v.split('.')[0]))
        out.push([at, `${name} rule reads '${v}', which is not a field of this document`]);
  };
  rowRule('/list/editWhen', 'an editWhen', e.list.editWhen);
  (e.actions ?? []).forEach((a, i) => {
    const at = `/actions/${i}`;
    if (keys.has(a.key)) out.push([`${at}/key`, `duplicate action key '${a.key}'`]);
    keys.add(a.key);
    if (!isActionKind(a.kind)) {
      out.push([`${at}/kind`, `'${a.kind}' is not a registered action kind`]);
      return;
    }
    const kind = ACTION_KINDS[a.kind];
    for (const place of placesOf(a))
      if (!kind.places.includes(place))
        out.push([
          `${at}/place`,
          `a ${a.kind} action shows only in ${kind.places.join(', ')}, not in ${place}`,
        ]);
    const paramProblems = kind.check(a, e, catalog);
    // a code the server checks on none of the kind's operations would guard the button alone
    const guarded = paramProblems.length > 0 || kind.operations(a).some((o) => o.access === 'action');
    if (!guarded) {
      if (a.permission !== undefined)
        out.push([
          `${at}/permission`,
          `a ${a.kind} action runs no route under a code of its own: it takes no code`,
        ]);
    } else if (
      typeof a.permission !== 'string' ||
      !/^[A-Za-z][A-Za-z0-9_]*$/.test(a.permission) ||
      (GENERIC_CODES.has(a.permission) && !ownGenericRoute(e, a, a.permission))
    )
      out.push([
        `${at}/permission`,
        `'${a.permission ?? ''}' must be a code of this action's own after ${e.permission} (not a generic route's)`,
      ]);
    rowRule(`${at}/visible`, 'a visible', a.visible);
    rowRule(`${at}/enabled`, 'an enabled', a.enabled);
    for (const [p, m] of paramProblems) out.push([`${at}${p}`, m]);
  });
  return out;
}

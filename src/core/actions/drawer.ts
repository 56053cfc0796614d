import { CALL_REFRESHES, type CallRefresh } from './call';
import { rowKeys, type ActionDoc, type ActionKindDef } from './types';

/** a drawer action's params: which list it opens, narrowed how, under what title */
export interface DrawerParams {
  /** the code of the entity document listed in the drawer */
  document: string;
  /** the drawer's list field → the row's field whose value it must hold (a new record gets it too) */
  filter: Record<string, string>;
  /** the drawer's title, `{field}` standing for the row's value of that field */
  title: string;
  /** the browser's copy fetched again when the drawer closes (字典配置: the dictionaries its items feed) */
  refreshes?: CallRefresh;
}

export const drawerParams = (a: ActionDoc) => a.params as unknown as DrawerParams;

/**
 * drawer: another document's list in a drawer over this one, narrowed to the row (定时任务's
 * 执行记录: the runs of that job). It runs no route of its own: the inner list's routes are its
 * document's, guarded by that document's codes, so the action takes no code; the button shows only
 * to a user who holds the inner list (renderers/actions/document-actions.tsx).
 */
export const drawer: ActionKindDef = {
  places: ['row'],
  check(action, doc, catalog) {
    const p = (action.params ?? {}) as Record<string, unknown>;
    const out: [string, string][] = [];
    if (typeof p.title !== 'string' || !p.title) out.push(['/params/title', 'title must be a text']);
    else
      for (const [, k] of p.title.matchAll(/\{(\w+)\}/g))
        if (!rowKeys(doc).has(k)) out.push(['/params/title', `{${k}} is not a field of this document`]);
    const inner = typeof p.document === 'string' ? catalog.entities.get(p.document) : undefined;
    if (!inner) out.push(['/params/document', `'${String(p.document)}' is not an entity document's code`]);
    if (p.refreshes !== undefined && !CALL_REFRESHES.includes(p.refreshes as CallRefresh))
      out.push(['/params/refreshes', `refreshes must be one of ${CALL_REFRESHES.join(', ')}`]);
    const filter = p.filter;
    if (typeof filter !== 'object' || filter === null || !Object.keys(filter).length) {
      out.push(['/params/filter', 'filter must map a field of the listed document to a field of the row']);
      return out;
    }
    for (const [listField, rowField] of Object.entries(filter)) {
      if (inner && !inner.fields.some((f) => f.key === listField))
        out.push([`/params/filter/${listField}`, `'${listField}' is not a field of ${inner.code}`]);
      if (typeof rowField !== 'string' || !rowKeys(doc).has(rowField))
        out.push([`/params/filter/${listField}`, `'${String(rowField)}' is not a field of this document`]);
    }
    return out;
  },
  operations: () => [],
};

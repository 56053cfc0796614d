import { titleKeys } from './form';
import { rowKeys, type ActionDoc, type ActionKindDef } from './types';

/** a members action's params: whom it offers, which field of the row holds the chosen, where they go */
export interface MembersParams {
  /** the dialog's title, `{field}` standing for the row's value of that field */
  title: string;
  /** GET: the users who may be chosen, [{id, username, realname}] */
  candidates: string;
  /** the candidates call's query: parameter → the row's field whose value it sends */
  candidateParams: Record<string, string>;
  /** the row's field holding the members (a comma list of user ids), sent back with the row's id */
  field: string;
  /** PUT {id, [field]}: the members saved, the row's other fields left as they are (the document's edit) */
  save: string;
  /** the two lists' headings: the offered users, the chosen ones */
  titles: [string, string];
}

export const membersParams = (a: ActionDoc) => a.params as unknown as MembersParams;

const PATH = /^\/[A-Za-z0-9_/]+$/;

/**
 * members: the users a row holds (a department role's members, 分配用户 on 部门角色), chosen in a
 * transfer among those a route offers for the row and saved as one of its fields. It changes the
 * row as 编辑 does, so both routes are guarded by the document's edit code: the action takes no
 * code of its own and shows to who may edit (renderers/actions/registry.ts). A member the route no
 * longer offers is not shown and falls away on save.
 */
export const members: ActionKindDef = {
  places: ['row'],
  check(action, doc) {
    const p = (action.params ?? {}) as Record<string, unknown>;
    const out: [string, string][] = [];
    const keys = rowKeys(doc);
    if (typeof p.title !== 'string' || !p.title) out.push(['/params/title', 'title must be a text']);
    else
      for (const k of titleKeys(p.title))
        if (!keys.has(k)) out.push(['/params/title', `{${k}} is not a field of this document`]);
    for (const k of ['candidates', 'save'])
      if (typeof p[k] !== 'string' || !PATH.test(p[k])) out.push([`/params/${k}`, `${k} must be a path`]);
    const sent = p.candidateParams;
    if (typeof sent !== 'object' || sent === null)
      out.push(['/params/candidateParams', 'candidateParams must map parameters to fields of the row']);
    else
      for (const [name, field] of Object.entries(sent))
        if (typeof field !== 'string' || !keys.has(field))
          out.push([`/params/candidateParams/${name}`, `'${String(field)}' is not a field of this document`]);
    if (typeof p.field !== 'string' || !doc.fields.some((f) => f.key === p.field))
      out.push(['/params/field', `'${String(p.field)}' is not a field of this document`]);
    const titles = p.titles;
    if (!Array.isArray(titles) || titles.length !== 2 || !titles.every((t) => typeof t === 'string' && t))
      out.push(['/params/titles', 'titles must be two texts: the offered list and the chosen one']);
    return out;
  },
  operations(action) {
    const p = membersParams(action);
    return [
      { method: 'GET', url: p.candidates, access: 'edit' },
      { method: 'PUT', url: p.save, access: 'edit' },
    ];
  },
};

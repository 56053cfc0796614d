import type { ActionDoc, ActionKindDef } from './types';

/** a share action's params: the record's share routes, and what a link opens */
export interface ShareParams {
  /** the dialog's title, before the record's name */
  title: string;
  /** the field naming the record in the title */
  nameField: string;
  /** the record's id parameter of create and list */
  param: string;
  /** POST {param}: a new link, answering {id, token} (the token only this once) */
  create: string;
  /** GET ?{param}: the record's live links [{id, createBy, createTime}] */
  list: string;
  /** POST {id}: the link no longer opens */
  revoke: string;
  /** the console's path a link opens, its token after ?token= */
  link: string;
  /** what a link shows, said in the dialog (此工单的工序步骤) */
  shows: string;
}

export const shareParams = (a: ActionDoc) => a.params as unknown as ShareParams;

const PATH = /^\/[A-Za-z0-9_/]+$/;
const TEXTS = ['title', 'shows'] as const;
const KEYS = ['nameField', 'param'] as const;
const PATHS = ['create', 'list', 'revoke', 'link'] as const;

/**
 * share: read-only links to a record for people without a session (生产工单's 分享: its steps for
 * the workshop's QR codes and customers). A new link is shown once with 复制; the record's live
 * links are listed, each revocable after a confirmation. The three routes need the action's code.
 */
export const share: ActionKindDef = {
  places: ['row'],
  check(action) {
    const p = (action.params ?? {}) as Record<string, unknown>;
    const out: [string, string][] = [];
    for (const k of TEXTS)
      if (typeof p[k] !== 'string' || !p[k]) out.push([`/params/${k}`, `${k} must be a text`]);
    for (const k of KEYS)
      if (typeof p[k] !== 'string' || !/^[A-Za-z][A-Za-z0-9_]*$/.test(p[k]))
        out.push([`/params/${k}`, `${k} must be a field or parameter name`]);
    for (const k of PATHS)
      if (typeof p[k] !== 'string' || !PATH.test(p[k])) out.push([`/params/${k}`, `${k} must be a path`]);
    return out;
  },
  operations(action) {
    const p = shareParams(action);
    return [
      { method: 'POST', url: p.create, access: 'action' },
      { method: 'GET', url: p.list, access: 'action' },
      { method: 'POST', url: p.revoke, access: 'action' },
    ];
  },
};

import type { ActionDoc, ActionKindDef } from './types';

export const CALL_METHODS = ['GET', 'POST', 'PUT', 'DELETE'] as const;
export type CallMethod = (typeof CALL_METHODS)[number];

/** a call action's params: the server operation it runs on the row (sent as `id`) */
export interface CallParams {
  method: CallMethod;
  url: string;
}

export const callParams = (a: ActionDoc) => a.params as unknown as CallParams;

/**
 * call: runs a server operation on the row and reloads the list (发布, 撤销, 冻结 …). The operation
 * is a route the server declares with the action's permission code; the server refuses to start
 * when no such route exists (src/server/http/declared-actions.ts), so the button and its route
 * cannot drift apart.
 */
export const call: ActionKindDef = {
  places: ['row'],
  check(action) {
    const p = (action.params ?? {}) as Partial<CallParams>;
    const out: [string, string][] = [];
    if (!CALL_METHODS.includes(p.method as CallMethod))
      out.push(['/params/method', `method must be one of ${CALL_METHODS.join(', ')}`]);
    if (typeof p.url !== 'string' || !/^\/[A-Za-z0-9_/]+$/.test(p.url))
      out.push(['/params/url', 'url must be a path of the server, such as /sys/annountCement/doReleaseData']);
    return out;
  },
  operations: (action) => [{ ...callParams(action), access: 'action' }],
};

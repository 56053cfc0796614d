import type { ActionDoc, ActionKindDef } from './types';

export const CALL_METHODS = ['GET', 'POST', 'PUT', 'DELETE'] as const;
export type CallMethod = (typeof CALL_METHODS)[number];

/** the browser's stored copies a call may make stale, fetched again before its message shows (renderers/actions/call.ts) */
export const CALL_REFRESHES = ['dictionaries'] as const;
export type CallRefresh = (typeof CALL_REFRESHES)[number];

/**
 * a call action's params: the server operation it runs. On a row it sends the row's `id`; an
 * action also in the batch menu sends `ids` (a comma list, as the generic batch routes take it) on
 * a row as well (its one id), so one route serves both; from the toolbar it sends nothing.
 */
export interface CallParams {
  method: CallMethod;
  url: string;
  /** fixed values sent along (冻结 and 解冻 share one route and differ by `status`) */
  values?: Record<string, string>;
  /** the browser's copy fetched again once the call succeeds (刷新缓存: the dictionaries) */
  refreshes?: CallRefresh;
}

export const callParams = (a: ActionDoc) => a.params as unknown as CallParams;

/** the check of a server route in an action's params (call, form) */
export function routeProblems(params: Record<string, unknown> | undefined): [string, string][] {
  const p = (params ?? {}) as Partial<CallParams>;
  const out: [string, string][] = [];
  if (!CALL_METHODS.includes(p.method as CallMethod))
    out.push(['/params/method', `method must be one of ${CALL_METHODS.join(', ')}`]);
  if (typeof p.url !== 'string' || !/^\/[A-Za-z0-9_/]+$/.test(p.url))
    out.push(['/params/url', 'url must be a path of the server, such as /sys/annountCement/doReleaseData']);
  return out;
}

/**
 * call: runs a server operation on the row (the selected rows, or none) and reloads the list (发布, 撤销, 冻结 …). The operation
 * is a route the server declares with the action's permission code; the server refuses to start
 * when no such route exists (src/server/http/declared-actions.ts), so the button and its route
 * cannot drift apart.
 */
export const call: ActionKindDef = {
  places: ['row', 'toolbar', 'bulk'],
  check(action) {
    const values = action.params?.values;
    const fixed =
      values === undefined ||
      (typeof values === 'object' &&
        values !== null &&
        Object.values(values).every((v) => typeof v === 'string'));
    const refreshes = action.params?.refreshes;
    const out = routeProblems(action.params);
    if (!fixed) out.push(['/params/values', 'values must map names to texts']);
    if (refreshes !== undefined && !CALL_REFRESHES.includes(refreshes as CallRefresh))
      out.push(['/params/refreshes', `refreshes must be one of ${CALL_REFRESHES.join(', ')}`]);
    return out;
  },
  operations: (action) => [{ ...callParams(action), access: 'action' }],
};

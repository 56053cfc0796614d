import type { AdvancedQuery, MatchType, WireCondition } from '../../src/core/query/advanced';
import { matchTypeOf, parseConditions } from '../../src/core/query/advanced';
import { providers } from '../providers';
import { savedQueries } from '../server/system';

/** one saved query as the server lists it (src/server/queries/routes.ts) */
export interface SavedQuery {
  id: string;
  title: string;
  matchType: MatchType;
  params: WireCondition[];
  /** the user's own (deletable, shareable); else shared with one of the user's roles */
  mine: boolean;
  owner: string;
  roleIds: string[];
}

export interface RoleOption {
  id: string;
  roleName: string;
}

/** "Saved query": the last list of a list's saved queries is kept locally under a fixed prefix plus its code */
const LOCAL_PREFIX = 'JSuperQuerySaved_';

/** a stored copy read back with care: it may be from an older version or edited by hand */
function fromLocal(code: string): SavedQuery[] {
  const stored = providers().storage.get<unknown>(LOCAL_PREFIX + code);
  if (!Array.isArray(stored)) return [];
  return stored
    .filter((q): q is Record<string, unknown> => Boolean(q) && typeof q === 'object')
    .map((q) => ({
      id: String(q.id ?? ''),
      title: String(q.title ?? ''),
      matchType: matchTypeOf(q.matchType),
      params: parseConditions(q.params),
      mine: Boolean(q.mine),
      owner: String(q.owner ?? ''),
      roleIds: [],
    }))
    .filter((q) => q.id && q.title && q.params.length);
}

/**
 * The saved queries of a list; when the server cannot answer (offline), the copy kept from its last
 * answer, marked `offline`. A refusal (no permission) is a refusal, not a reason to show the copy.
 */
export async function loadSavedQueries(code: string): Promise<{ list: SavedQuery[]; offline: boolean }> {
  try {
    const res = await savedQueries.list<SavedQuery[]>(code);
    if (!res.success) return { list: [], offline: false };
    providers().storage.set(LOCAL_PREFIX + code, res.result);
    return { list: res.result, offline: false };
  } catch {
    return { list: fromLocal(code), offline: true };
  }
}

export const saveQuery = (code: string, title: string, query: AdvancedQuery) =>
  savedQueries.save({ code, title, ...query });

export const deleteQuery = (id: string) => savedQueries.delete(id);

export const shareQuery = (id: string, roleIds: string[]) => savedQueries.share(id, roleIds);

export async function loadRoles(): Promise<RoleOption[]> {
  const res = await savedQueries.roles<RoleOption[]>();
  return res.success ? res.result : [];
}

import { reportReadFailure } from '../common/failure';
import { departs } from '../server/system';

/** a node of the light department tree (queryIdTree); search results have no children */
export interface DepartNode {
  key: string;
  value: string;
  title: string;
  children?: DepartNode[];
}

/** the whole department tree for pickers (picker permission, not the department admin's list) */
export async function loadDepartTree(): Promise<DepartNode[]> {
  const res = await departs.tree<DepartNode[]>();
  if (!res.success) {
    reportReadFailure(res);
    return [];
  }
  return res.result ?? [];
}

/** departments whose name contains the words, flat; `message` says why there are none */
export async function searchDeparts(keyWord: string): Promise<{ nodes: DepartNode[]; message?: string }> {
  const res = await departs.search<DepartNode[]>(keyWord);
  if (!res.success) return { nodes: [], message: res.message };
  return { nodes: res.result.map((d) => ({ key: d.key, value: d.value, title: d.title })) };
}

/** id → name of the given departments (the names of a record's stored ids) */
export async function departNames(ids: string[]): Promise<Map<string, string>> {
  const res = await departs.byIds<DepartNode[]>(ids);
  return new Map(res.success ? res.result.map((d) => [String(d.value), d.title]) : []);
}

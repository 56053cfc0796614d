import { reportReadFailure } from '../common/failure';
import { areas } from '../server/system';

/** one area as /sys/area/children answers it */
export interface AreaOption {
  value: string;
  label: string;
  isLeaf: boolean;
  children?: AreaOption[];
}

/** one request per level while the page lives: every area field and search box shares it */
const levels = new Map<string, Promise<AreaOption[]>>();

/** the areas one level below pid (86: the provinces); empty when the server refused (already reported) */
export function areaChildren(pid: string): Promise<AreaOption[]> {
  if (!levels.has(pid))
    levels.set(
      pid,
      areas.children<AreaOption[]>(pid).then((res) => {
        if (res.success) return res.result.map(({ value, label, isLeaf }) => ({ value, label, isLeaf }));
        levels.delete(pid);
        reportReadFailure(res);
        return [];
      }),
    );
  return levels.get(pid)!;
}

/** the tree with the children of one node filled in */
export function withChildren(nodes: AreaOption[], value: string, children: AreaOption[]): AreaOption[] {
  return nodes.map((n) =>
    n.value === value
      ? { ...n, children, isLeaf: children.length === 0 }
      : n.children
        ? { ...n, children: withChildren(n.children, value, children) }
        : n,
  );
}

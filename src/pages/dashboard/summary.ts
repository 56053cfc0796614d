import { getAction } from '../../app/http/client';

/** GET /sys/dashboard/summary: record counts of the modules the current user may open. */
export interface ModuleSummary {
  code: string;
  title: string;
  group: string;
  groupTitle: string;
  count: number;
  path: string;
}

/** a report chart the user may read: its card's title; the chart data comes from the report */
export interface ChartSummary {
  code: string;
  title: string;
  type: 'bar' | 'line' | 'pie';
}

export interface DashboardSummary {
  modules: ModuleSummary[];
  charts: ChartSummary[];
  user: { realname?: string; username?: string; lastLoginTime?: string | null };
}

export interface ModuleGroup {
  group: string;
  groupTitle: string;
  total: number;
  modules: ModuleSummary[];
}

/** groups in the order the server lists them (it already sorts by menu order) */
export function groupModules(modules: readonly ModuleSummary[]): ModuleGroup[] {
  const groups = new Map<string, ModuleGroup>();
  for (const m of modules) {
    let g = groups.get(m.group);
    if (!g) {
      g = { group: m.group, groupTitle: m.groupTitle || m.group, total: 0, modules: [] };
      groups.set(m.group, g);
    }
    g.modules.push(m);
    g.total += Number(m.count) || 0;
  }
  return [...groups.values()];
}

/** a missing or failing summary is an empty home page, not an error page */
export async function fetchSummary(): Promise<DashboardSummary | null> {
  try {
    const res = await getAction<DashboardSummary>('/sys/dashboard/summary');
    if (!res.success || !res.result) return null;
    return {
      modules: Array.isArray(res.result.modules) ? res.result.modules : [],
      charts: Array.isArray(res.result.charts) ? res.result.charts : [],
      user: res.result.user ?? {},
    };
  } catch {
    return null;
  }
}

import type { CallOptions, Params } from '../providers';
import { providers } from '../providers';

/** the online reports' routes (src/server/reports/routes.ts) */
const REPORT_API = '/online/cgreport/api';

/** A report document on the wire, by its code: its columns, search, rows, chart and export. */
export function reportRecords(code: string) {
  const data = () => providers().data;
  return {
    columns: <T>() => data().get<T>(`${REPORT_API}/getRpColumns/${code}`),
    queryInfo: <T>() => data().get<T>(`${REPORT_API}/getQueryInfo/${code}`),
    rows: <T>(params: Params, options?: CallOptions) =>
      data().get<T>(`${REPORT_API}/getData/${code}`, params, options),
    chartData: <T>() => data().get<T>(`${REPORT_API}/getChartData/${code}`),
    /** an address to download */
    exportXls: `${REPORT_API}/exportXls/${code}`,
  };
}

/** the reports the user may open, for the report list */
export const reportHeads = <T>() => providers().data.get<T>(`${REPORT_API}/heads`);

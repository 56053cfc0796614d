import type { Catalog } from '../../../src/core/document/load';
import type { Samples } from './types';

/**
 * Samples for the online report calls of every report document (src/server/reports/routes.ts),
 * built from the catalog as the CRUD samples are, so a new report is walked without a line here.
 */
export function reportSamples(catalog: Catalog): Samples {
  const api = '/online/cgreport/api';
  const out: Samples = { [`GET ${api}/heads`]: () => ({}) };
  for (const r of catalog.reports.values()) {
    out[`GET ${api}/getRpColumns/${r.code}`] = () => ({});
    out[`GET ${api}/getQueryInfo/${r.code}`] = () => ({});
    out[`GET ${api}/getParamsInfo/${r.code}`] = () => ({});
    out[`GET ${api}/getData/${r.code}`] = () => ({ query: { pageSize: '5' } });
    out[`GET ${api}/exportXls/${r.code}`] = () => ({ query: { exportType: 'xlsx' }, expect: 'file' });
    if (r.chart) out[`GET ${api}/getChartData/${r.code}`] = () => ({});
  }
  return out;
}

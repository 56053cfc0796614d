import reportSchema from '../../../../schemas/_meta/report.schema.json';
import { reportChartProblems } from '../report-format';
import type { ReportDocument } from '../types';
import type { DocumentKind } from './kind';
import { checkMenu } from './menus';

/**
 * An online report (schemas/production/category-report.json): its SQL is checked by the parser
 * (report-sql.ts checkReports), which loads asynchronously; the rest here.
 */
export const report: DocumentKind = {
  schema: reportSchema,
  register(doc, file, { catalog, add }) {
    const r = doc as unknown as ReportDocument;
    if (catalog.entities.has(r.code) || catalog.reports.has(r.code))
      add(file, '/code', `duplicate document code '${r.code}' (also in ${catalog.origin.get(r.code)})`);
    else {
      catalog.reports.set(r.code, r);
      catalog.origin.set(r.code, file);
    }
  },
  check({ catalog, add, claim, prefixes }) {
    for (const [code, r] of catalog.reports) {
      const file = catalog.origin.get(code)!;
      claim(prefixes, r.permission, code, file, '/permission', `permission prefix '${r.permission}'`);
      r.columns.forEach((c, i) => {
        if (c.dictCode && !catalog.dictionaries.has(c.dictCode))
          add(file, `/columns/${i}/dictCode`, `unknown dictionary code '${c.dictCode}'`);
      });
      r.query?.forEach((q, i) => {
        if (!r.columns.some((c) => c.key === q.field))
          add(file, `/query/${i}/field`, `query field '${q.field}' is not a report column`);
      });
      r.columns.forEach((c, i) => {
        if ((c.format || c.total) && c.type !== 'number')
          add(file, `/columns/${i}`, `column '${c.key}': format and total need type 'number'`);
      });
      if (r.chart) reportChartProblems(r).forEach((m) => add(file, '/chart', m));
      checkMenu(catalog, file, r.menu, add);
    }
  },
};

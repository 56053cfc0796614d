import type { DictOption } from '../common/dict';
import type { ReportNumberFormat } from '../../src/core/document/types';
import type { Page } from '../../src/core/wire';
import type { Row } from '../list/columns';

/** one column of getRpColumns (reference 2.15): dictionary columns name their options by customRender */
export interface ReportColumn {
  title: string;
  dataIndex: string;
  sorter?: 'true';
  customRender?: string;
  width?: number;
  type?: 'string' | 'number' | 'date';
  format?: ReportNumberFormat;
  decimals?: number;
  /** display columns after which the text is cut */
  ellipsis?: number;
  /** the column's cell in the totals row */
  total?: 'sum' | 'average';
}

/** getData's answer: a page of rows, and the totals row over all of them when a column asks for one */
export interface ReportPage extends Page<Row> {
  totals?: Row;
}

export interface ReportColumns {
  cgRpConfigId: string;
  cgRpConfigName: string;
  /** the report's permission prefix: <prefix>export may export it */
  permission: string;
  columns: ReportColumn[];
  dictOptions: Record<string, DictOption[]>;
}

/** one search item of getQueryInfo: view 'list' is a dictionary select, mode 'group' a range */
export interface QueryItem {
  label: string;
  field: string;
  view: 'string' | 'number' | 'date' | 'list';
  mode: 'single' | 'group';
  dictCode?: string;
  /** '1': folded until 展开 */
  hidden?: '1';
}

/** what the search form holds by field: text, a number, or a [begin, end] pair; dates as text */
export type ReportSearch = Record<string, unknown>;

const filled = (v: unknown) => v !== undefined && v !== null && v !== '';

/**
 * The getData / exportXls filters of the search values: text matches anywhere
 * (*value*), a range is <field>_begin / <field>_end, empty inputs send nothing.
 */
export function reportParams(items: QueryItem[], values: ReportSearch): Record<string, string> {
  const out: Record<string, string> = {};
  for (const q of items) {
    const v = values[q.field];
    if (q.mode === 'group') {
      const [begin, end] = Array.isArray(v) ? v : [];
      if (filled(begin)) out[`${q.field}_begin`] = String(begin);
      if (filled(end)) out[`${q.field}_end`] = String(end);
    } else if (filled(v)) out[q.field] = q.view === 'string' ? `*${String(v).trim()}*` : String(v);
  }
  return out;
}

import { useEffect, useMemo, useState } from 'react';
import { PAGE_SIZE } from '../../src/core/constants';
import { reportReadFailure, reportThrown } from '../common/failure';
import { isAbort, latestOnly } from '../common/latest-only';
import type { Row } from '../list/columns';
import {
  reportParams,
  type QueryItem,
  type ReportColumns,
  type ReportPage,
  type ReportSearch,
} from './report-api';
import { reportRecords } from '../server/reports';
import { t } from './messages';

export type ReportMeta =
  | { status: 'loading' }
  | { status: 'failed'; message: string }
  | { status: 'ready'; columns: ReportColumns; query: QueryItem[] };

const failure = (e: unknown) => (e instanceof Error ? e.message : t('reportFailed'));

/** the report's columns and search items, loaded together; a refusal is the page's visible error */
export function useReportMeta(code: string): ReportMeta {
  const [meta, setMeta] = useState<ReportMeta>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    Promise.all([
      reportRecords(code).columns<ReportColumns>(),
      reportRecords(code).queryInfo<QueryItem[]>(),
    ]).then(
      ([columns, query]) => {
        if (!live) return;
        const refused = [columns, query].find((r) => !r.success);
        setMeta(
          refused
            ? { status: 'failed', message: refused.message || t('reportFailed') }
            : { status: 'ready', columns: columns.result, query: query.result },
        );
      },
      (e: unknown) => live && setMeta({ status: 'failed', message: failure(e) }),
    );
    return () => {
      live = false;
    };
  }, [code]);
  return meta;
}

export interface ReportSort {
  column?: string;
  order?: 'asc' | 'desc';
}

/**
 * One page of the report: search, sort and page are the request, and only the latest request may
 * answer. `queryParams` is what 导出 sends too (the search and the sort, without the page).
 */
export function useReportData(code: string, query: QueryItem[]) {
  const [values, setValues] = useState<ReportSearch>({});
  const [sort, setSort] = useState<ReportSort>({});
  const [page, setPage] = useState({ pageNo: 1, pageSize: PAGE_SIZE });
  const [searches, setSearches] = useState(0);
  const [records, setRecords] = useState<Row[]>([]);
  const [total, setTotal] = useState(0);
  const [totals, setTotals] = useState<Row | null>(null);
  const [loading, setLoading] = useState(false);
  const [latest] = useState(latestOnly);

  const queryParams = useMemo(() => {
    const params = reportParams(query, values);
    return sort.column && sort.order ? { ...params, column: sort.column, order: sort.order } : params;
  }, [query, values, sort]);

  useEffect(() => {
    setLoading(true);
    latest((signal) => reportRecords(code).rows<ReportPage>({ ...queryParams, ...page }, { signal })).then(
      (res) => {
        if (res.success) {
          setRecords(res.result.records);
          setTotal(res.result.total);
          setTotals(res.result.totals ?? null);
        } else reportReadFailure(res);
        setLoading(false);
      },
      (e: unknown) => {
        if (isAbort(e)) return;
        reportThrown(e);
        setLoading(false);
      },
    );
  }, [code, latest, queryParams, page, searches]);

  /** 查询: the new values from page 1 (pressing it again refetches) */
  const search = (next: ReportSearch) => {
    setValues(next);
    setPage((p) => ({ ...p, pageNo: 1 }));
    setSearches((n) => n + 1);
  };

  return { records, total, totals, loading, sort, setSort, page, setPage, queryParams, search };
}

import { useCallback, useEffect, useMemo, useState } from 'react';
import type { RowSelectionState } from '@tanstack/react-table';
import { getAction, isAbort, latestOnly, type Page } from '../../src/app/http/client';
import { PAGE_SIZE } from '../../src/core/constants';
import { apiBase } from '../../src/core/document/model';
import type { EntityDocument } from '../../src/core/document/types';
import { reportReadFailure, reportThrown } from '../common/failure';
import type { Row } from './columns';
import { pageAfterDelete } from './paging';

export interface SortState {
  column: string;
  order: 'asc' | 'desc';
}

export interface PageState {
  pageNo: number;
  pageSize: number;
}

const EMPTY: Row[] = [];

/**
 * The server-side list of spec 4 "List page": filters, sort and page are the request; every change
 * fetches, and only the latest request may answer (a slow old search never overwrites a new one).
 * Selection belongs to the rows on screen, so it is cleared whenever new rows arrive.
 * `unfiltered` narrows the list while no search filter is set (a tree list's root level); the
 * export does not carry it. `fixed` narrows it always, export included (one dictionary's items).
 */
export function useListData(
  doc: EntityDocument,
  unfiltered?: Record<string, string>,
  fixed?: Record<string, string>,
) {
  const api = apiBase(doc);
  const [filters, setFilters] = useState<Record<string, string>>({});
  const [sort, setSort] = useState<SortState>(doc.list.sort ?? { column: 'createTime', order: 'desc' });
  const [page, setPage] = useState<PageState>({ pageNo: 1, pageSize: doc.list.pageSize || PAGE_SIZE });
  const [reloadCount, setReloadCount] = useState(0);
  const [records, setRecords] = useState<Row[]>(EMPTY);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(false);
  const [selection, setSelection] = useState<RowSelectionState>({});
  const [latest] = useState(latestOnly);

  const fixedKey = JSON.stringify(fixed ?? {});
  /** what the list and the export send: the applied filters and the sort */
  const queryParams = useMemo(
    () => ({
      ...filters,
      ...(JSON.parse(fixedKey) as Record<string, string>),
      column: sort.column,
      order: sort.order,
    }),
    [filters, fixedKey, sort],
  );

  const searching = Object.keys(filters).length > 0;
  const narrow = searching ? undefined : unfiltered;
  const narrowKey = JSON.stringify(narrow ?? {});

  useEffect(() => {
    setLoading(true);
    const params = { ...JSON.parse(narrowKey), ...queryParams, ...page };
    latest((signal) => getAction<Page<Row>>(`${api}/list`, params, { signal })).then(
      (res) => {
        if (res.success) {
          setRecords(res.result.records);
          setTotal(res.result.total);
        } else reportReadFailure(res);
        setSelection({});
        setLoading(false);
      },
      (e: unknown) => {
        if (isAbort(e)) return;
        reportThrown(e);
        setLoading(false);
      },
    );
  }, [api, latest, queryParams, narrowKey, page, reloadCount]);

  /** 查询: apply new filters from page 1 (a new object, so pressing it again refetches) */
  const search = useCallback((next: Record<string, string>) => {
    setFilters(next);
    setPage((p) => ({ ...p, pageNo: 1 }));
  }, []);

  const reload = useCallback(() => setReloadCount((n) => n + 1), []);

  /** after deleting `count` rows, stay on the last page that still exists, then reload */
  const afterDelete = useCallback(
    (count: number) => {
      setPage((p) => ({ ...p, pageNo: pageAfterDelete(total, count, p.pageNo, p.pageSize) }));
      reload();
    },
    [total, reload],
  );

  return {
    api,
    records,
    total,
    loading,
    sort,
    setSort,
    page,
    setPage,
    selection,
    setSelection,
    queryParams,
    searching,
    search,
    reload,
    afterDelete,
  };
}

export type ListData = ReturnType<typeof useListData>;

import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { RowSelectionState } from '@tanstack/react-table';
import { PAGE_SIZE, PAGE_SIZE_OPTIONS } from '../../src/core/constants';
import { readListState, writeListState, type ListUrlState } from '../../src/core/query/list-url';
import { superQueryParams, type AdvancedQuery } from '../../src/core/query/advanced';
import { apiBase } from '../../src/core/document/model';
import type { EntityDocument } from '../../src/core/document/types';
import { reportReadFailure, reportThrown } from '../common/failure';
import type { RoutePage } from '../common/route-page';
import type { Row } from './columns';
import { pageAfterDelete } from './paging';
import { searchToParams, valuesFromUrl, valuesToUrl, type SearchValues } from './search-params';
import { isAbort, latestOnly } from '../common/latest-only';
import { recordsOf } from '../server/records';

export interface SortState {
  column: string;
  order: 'asc' | 'desc';
}

export interface PageState {
  pageNo: number;
  pageSize: number;
}

const EMPTY: Row[] = [];

/** what a list shows first: its page's URL state where it names a sortable column and a page size offered */
function initialState(doc: EntityDocument, route: RoutePage | null) {
  const url: ListUrlState = route ? readListState(route.search()) : { values: {} };
  const sort: SortState = doc.list.sort ?? { column: 'createTime', order: 'desc' };
  const pageSize = doc.list.pageSize || PAGE_SIZE;
  const sortable = (column: string) =>
    column === sort.column || doc.fields.some((f) => f.key === column && f.sortable);
  return {
    values: valuesFromUrl(doc, url.values),
    advanced: url.advanced,
    sort: url.sort && sortable(url.sort.column) ? url.sort : sort,
    page: {
      pageNo: url.pageNo ?? 1,
      pageSize: url.pageSize && PAGE_SIZE_OPTIONS.includes(String(url.pageSize)) ? url.pageSize : pageSize,
    },
    defaults: { sort, pageSize },
  };
}

/**
 * The server-side list "List page": filters, sort and page are the request; every change
 * fetches, and only the latest request may answer (a slow old search never overwrites a new one).
 * Selection belongs to the rows on screen, so it is cleared whenever new rows arrive.
 * `unfiltered` narrows the list while no search filter is set (a tree list's root level); the
 * export does not carry it. `fixed` narrows it always, export included (one dictionary's items).
 * The list of a route's page (`route`) keeps its search values, sort and page in the page's URL, and
 * starts from them, so a reload shows the same rows.
 */
export function useListData(
  doc: EntityDocument,
  unfiltered?: Record<string, string>,
  fixed?: Record<string, string>,
  route: RoutePage | null = null,
) {
  const api = apiBase(doc);
  const endpoints = doc.endpoints;
  const [initial] = useState(() => initialState(doc, route));
  const [values, setValues] = useState<SearchValues>(initial.values);
  const [advanced, setAdvanced] = useState<AdvancedQuery | undefined>(initial.advanced);
  const filters = useMemo(
    () => ({ ...searchToParams(doc, values), ...superQueryParams(advanced) }),
    [doc, values, advanced],
  );
  const [sort, setSort] = useState<SortState>(initial.sort);
  const [page, setPage] = useState<PageState>(initial.page);
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

  // the request last sent: a kept-alive page shown again runs its effects again, and must not refetch
  const sent = useRef('');
  useEffect(() => {
    const params = { ...JSON.parse(narrowKey), ...queryParams, ...page };
    const request = JSON.stringify([api, params, reloadCount]);
    if (request === sent.current) return;
    sent.current = request;
    setLoading(true);
    latest((signal) => recordsOf(api, endpoints).list<Row>(params, { signal })).then(
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
  }, [api, endpoints, latest, queryParams, narrowKey, page, reloadCount]);

  // the page's URL follows the search, sort and page (defaults left out, so a plain list keeps a plain URL)
  const written = useRef(route?.search() ?? '');
  useEffect(() => {
    if (!route) return;
    const next = writeListState(route.search(), {
      values: valuesToUrl(doc, values),
      advanced,
      sort:
        sort.column === initial.defaults.sort.column && sort.order === initial.defaults.sort.order
          ? undefined
          : sort,
      pageNo: page.pageNo,
      pageSize: page.pageSize === initial.defaults.pageSize ? undefined : page.pageSize,
    });
    if (next === written.current) return;
    written.current = next;
    route.replaceSearch(next);
  }, [route, doc, initial, values, advanced, sort, page]);

  /** 查询: apply new search values from page 1 (a new object, so pressing it again refetches) */
  const search = useCallback((next: SearchValues) => {
    setValues(next);
    setPage((p) => ({ ...p, pageNo: 1 }));
    setReloadCount((n) => n + 1);
  }, []);

  /** 高级查询: apply (or, with undefined, clear) the advanced query, from page 1 */
  const searchAdvanced = useCallback((next: AdvancedQuery | undefined) => {
    setAdvanced(next?.params.length ? next : undefined);
    setPage((p) => ({ ...p, pageNo: 1 }));
    setReloadCount((n) => n + 1);
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
    endpoints,
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
    values,
    searching,
    search,
    advanced,
    searchAdvanced,
    reload,
    afterDelete,
  };
}

export type ListData = ReturnType<typeof useListData>;

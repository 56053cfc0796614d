import { useEffect, useState } from 'react';
import type { Page } from '../../src/core/wire';
import { PICKER_PAGE_SIZE } from '../../src/core/constants';
import { reportThrown } from '../common/failure';
import type { Row } from '../list/columns';
import { pageRecords, type PopupView } from './popup-api';

export interface PopupQuery {
  pageNo: number;
  pageSize: number;
  words: string;
}

/**
 * One page of a popup document's records for the query (a new query object refetches, so 刷新 is
 * setQuery with a copy); only the answer to the latest query is kept.
 */
export function usePopupRecords(view: PopupView) {
  const [query, setQuery] = useState<PopupQuery>({ pageNo: 1, pageSize: PICKER_PAGE_SIZE, words: '' });
  const [page, setPage] = useState<Page<Row> | null>(null);
  const [loading, setLoading] = useState(false);
  useEffect(() => {
    let live = true;
    setLoading(true);
    pageRecords(view, query)
      .then((p) => live && p && setPage(p))
      .catch(reportThrown)
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [view, query]);
  return { query, setQuery, page, loading };
}

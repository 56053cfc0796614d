import { useEffect, useRef } from 'react';
import { reportThrown } from '../common/failure';
import { useLiveTable } from '../list/use-live-table';
import { providers } from '../providers';
import type { GridRow } from './grid-model';
import type { Grid } from './use-grid';

/** announcements arriving together (a save of many rows) make one read */
const REREAD_MS = 150;

/**
 * Keeps an open grid of a saved master live (spec 4 "Live socket"): when rows of its sub-table are
 * saved elsewhere, the master's rows are read again and merged (Grid.merge: untouched rows replaced,
 * edited ones marked, new ones appended); rows deleted elsewhere are dropped.
 */
export function useLiveGrid(code: string, masterApi: string, masterId: string | undefined, grid: Grid) {
  const latest = useRef(grid);
  latest.current = grid;
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  useLiveTable(code, {
    saved: () => {
      if (!masterId) return;
      clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        providers()
          .data.get<Record<string, GridRow[]>>(`${masterApi}/queryDetails`, { id: masterId })
          .then((res) => {
            if (res.success) latest.current.merge(res.result?.[code] ?? []);
          })
          .catch(reportThrown);
      }, REREAD_MS);
    },
    deleted: (ids) => latest.current.drop(ids),
  });
}

import { useEffect, useRef } from 'react';
import { reportThrown } from '../common/failure';
import { useLiveTable } from '../list/use-live-table';
import { providers } from '../providers';
import type { GridRow } from './grid-model';
import type { Grid } from './use-grid';
import type { GridTree } from './use-grid-tree';
import { treeChildren } from '../list/tree-rows';

/** announcements arriving together (a save of many rows) make one read */
const REREAD_MS = 150;

/**
 * Keeps an open grid of a saved master live ("Live socket"): when rows of its sub-table are
 * saved elsewhere, the master's rows are read again and merged (Grid.merge: untouched rows replaced,
 * edited ones marked, new ones appended, a tree's under their parents); rows deleted elsewhere are
 * dropped.
 */
export function useLiveGrid(
  code: string,
  masterApi: string,
  masterId: string | undefined,
  grid: Grid,
  tree?: GridTree,
) {
  const latest = useRef(grid);
  latest.current = grid;
  const branches = useRef(tree);
  branches.current = tree;
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  useLiveTable(code, {
    saved: () => {
      if (!masterId) return;
      clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        const data = providers().data;
        const roots = data
          .get<Record<string, GridRow[]>>(`${masterApi}/queryDetails`, { id: masterId })
          .then((res) => (res.success ? (res.result?.[code] ?? []) : null));
        // a tree's open branches are read again too: a row saved elsewhere may sit in one
        const opened = (branches.current?.fetched() ?? []).map((pid) =>
          data
            .get<GridRow[]>(`${masterApi}/queryDetailChildren`, { id: masterId, table: code, pid })
            .then((res) => (res.success ? (treeChildren(res.result) as GridRow[]) : [])),
        );
        Promise.all([roots, ...opened])
          .then(([top, ...below]) => {
            if (top) latest.current.merge([...top, ...below.flat()]);
          })
          .catch(reportThrown);
      }, REREAD_MS);
    },
    deleted: (ids) => latest.current.drop(ids),
  });
}

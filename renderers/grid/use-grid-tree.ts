import { useMemo, useRef, useState } from 'react';
import { reportThrown } from '../common/failure';
import type { NodeState } from '../common/TreeToggle';
import type { GridRow } from './grid-model';
import { parentOf, shownTree, TREE_ROOT, type ShownNode } from './grid-tree';
import type { Grid } from './use-grid';

/** the grid of a tree sub-table: which rows are in view and how their branches open */
export interface GridTree {
  shown: (ShownNode & { state: NodeState })[];
  /** the key of the field named in a node's expand button */
  textField: string;
  toggle: (id: string) => void;
  /** opens the branches above a row, so that a failing cell in a closed one can be shown */
  reveal: (id: string) => void;
  /** 添加下级: a new row under the one selected, after its children (loaded and shown first) */
  addChild: () => Promise<void>;
  /** the saved nodes whose children have been fetched: a live re-read reads them again */
  fetched: () => string[];
}

/**
 * Spec 4 "Expandable tree table": the roots show first; a saved node's children are fetched by
 * `load` on its first expand, and a node that gets none becomes a leaf. Rows added here open
 * their parent. Undefined for a grid that is not a tree.
 */
export function useGridTree(
  grid: Grid,
  textField: string,
  load: ((pid: string) => Promise<GridRow[]>) | null,
): GridTree | undefined {
  const keys = grid.tree;
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const [fetches, setFetches] = useState<ReadonlyMap<string, 'loading' | 'done'>>(new Map());
  const fetchesRef = useRef(fetches);
  fetchesRef.current = fetches;
  const { rows } = grid;

  const expand = async (id: string) => {
    setExpanded((e) => new Set(e).add(id));
    // a saved node the server says has children, not fetched yet
    const row = rows.find((r) => r.id === id);
    const more = row && keys && grid.isSaved(id) && String(row[keys.hasChildField] ?? '') === '1';
    if (!load || !more || fetchesRef.current.has(id)) return;
    setFetches((f) => new Map(f).set(id, 'loading'));
    const children = await load(id).catch((e: unknown) => {
      reportThrown(e);
      return [];
    });
    grid.attach(id, children);
    setFetches((f) => new Map(f).set(id, 'done'));
  };

  const shown = useMemo(() => {
    if (!keys) return [];
    const parents = new Set(rows.map((r) => parentOf(r, keys)));
    return shownTree(rows, keys, expanded).map((node) => {
      const { id } = node.row;
      const fetch = fetches.get(id);
      const unfetched = String(node.row[keys.hasChildField] ?? '') === '1' && fetch === undefined;
      const state: NodeState =
        fetch === 'loading' && expanded.has(id)
          ? 'loading'
          : !parents.has(id) && !unfetched
            ? 'leaf'
            : expanded.has(id)
              ? 'expanded'
              : 'collapsed';
      return { ...node, state };
    });
  }, [rows, keys, expanded, fetches]);

  if (!keys) return undefined;
  return {
    shown,
    textField,
    toggle: (id) => {
      if (!expanded.has(id)) void expand(id);
      else
        setExpanded((e) => {
          const next = new Set(e);
          next.delete(id);
          return next;
        });
    },
    reveal: (id) => {
      const byId = new Map(rows.map((r) => [r.id, r]));
      const above: string[] = [];
      for (let pid = parentOf(byId.get(id)!, keys); pid !== TREE_ROOT && byId.has(pid);) {
        above.push(pid);
        pid = parentOf(byId.get(pid)!, keys);
      }
      if (above.length) setExpanded((e) => new Set([...e, ...above]));
    },
    addChild: async () => {
      if (grid.selected.length !== 1) return;
      const id = grid.selected[0];
      await expand(id);
      grid.addChild(id);
    },
    fetched: () => [...fetches].filter(([, f]) => f === 'done').map(([id]) => id),
  };
}

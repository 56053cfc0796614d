import { useRef, useState } from 'react';
import type { ChildTable, FieldDoc } from '../../src/core/document/types';
import { uniqueRule } from '../../src/core/validation/validate';
import { providers } from '../providers';
import {
  cellError,
  cellKey,
  dragRow,
  gridErrors,
  insertRow,
  isRowDisabled,
  moveRow,
  newRow,
  rowsToSend,
  type CellRef,
  type GridRow,
} from './grid-model';
import {
  moveNode,
  parentOf,
  placeRow,
  renumberSiblings,
  siblingIndex,
  siblingsOf,
  TREE_ROOT,
  withDescendants,
  type TreeKeys,
} from './grid-tree';
import { useCellHandlers } from './use-cell-handlers';
import { t } from './messages';

/** a second add or insert within this many milliseconds is refused with a warning */
export const INSERT_THROTTLE_MS = 1500;
/** a cell is checked again this long after it loses focus (after a picker has set its value) */
const BLUR_CHECK_MS = 100;

/** a failing field of a sub-table row as the server names it (row = index in the rows sent) */
export interface RowError {
  row: number;
  field: string;
  message: string;
}

interface State {
  rows: GridRow[];
  /** ids of saved rows the user removed */
  deleted: string[];
  /** message per failing cell, by `rowId:key` */
  errors: Record<string, string>;
  selected: string[];
  /** saved rows changed since they were loaded */
  changed: string[];
  /** changed rows another console saved since they were loaded here */
  stale: string[];
}

/** The editable grid's state and actions, held by whoever saves it (the tab form). */
export interface Grid {
  fields: FieldDoc[];
  rows: GridRow[];
  errors: Record<string, string>;
  selected: string[];
  select: (ids: string[]) => void;
  setCell: (rowId: string, key: string, value: unknown) => void;
  /** a cell lost focus: it is checked a moment later */
  blurred: (rowId: string, key: string) => void;
  /** appends a row with the defaults (after the selected one with `below`; in a tree, after its subtree) */
  add: (below?: boolean) => void;
  /** a tree grid: a new row under a node, after its children (throttled like add) */
  addChild: (parentId: string) => void;
  /** a tree grid: a node's children as the server gave them (on its first expand), as saved rows */
  attach: (parentId: string, rows: GridRow[]) => void;
  /** the one selected row moved up or down (in a tree, past its sibling's subtree) */
  move: (delta: -1 | 1) => void;
  /** whether the one selected row has a place to move to that way */
  canMove: (delta: -1 | 1) => boolean;
  /** a tree sub-table's pid and hasChild keys */
  tree?: TreeKeys;
  /** a drag: the row at `from` put at index `to`, the order renumbered */
  drag: (from: number, to: number) => void;
  removeSelected: () => void;
  /** checks every cell; false when one fails (it is scrolled into view) */
  validate: () => boolean;
  /** a refused save's rows onto their cells; the first as the grid numbers it (借展明细第2行：…) */
  showServerErrors: (errors: RowError[]) => string | null;
  /** whether a row was loaded from the server (not added here) */
  isSaved: (rowId: string) => boolean;
  /** whether the sub-table's disabled-rows rule locks a row (judged on the row as loaded, not as typed) */
  isDisabled: (rowId: string) => boolean;
  /** ids of rows edited here that another console saved since (t('changedElsewhere')) */
  stale: string[];
  /**
   * this master's rows as the server has them now (another console saved some): untouched rows are
   * replaced in place, edited ones keep the local values and are marked stale, new ones are appended
   */
  merge: (server: GridRow[]) => void;
  /** rows another console deleted: dropped, as are any edits or removals of them here */
  drop: (ids: string[]) => void;
  /**
   * what a save sends: the new and changed rows (an unchanged saved row needs no edit grant) and
   * the ids of removed saved rows
   */
  value: () => { rows: Record<string, unknown>[]; deleted: string[] };
  /** set by the grid's view: scrolls a cell into view */
  reveal: { current: ((cell: CellRef) => void) | null };
}

export interface GridOptions {
  title?: string;
  disabledRows?: ChildTable['disabledRows'];
  table?: string;
  /** the sub-table is a tree: rows carry their parent's id in pidField */
  tree?: TreeKeys;
}

/**
 * `title` names the grid's rows in messages (the sub-table's title); `disabledRows` is the
 * sub-table's rule of locked rows; `table` is the sub-table's, which the cells' handler rules ask
 * the server about
 */
export function useGrid(
  fields: FieldDoc[],
  initial: GridRow[],
  { title = '', disabledRows, table = '', tree }: GridOptions = {},
): Grid {
  const [state, setState] = useState<State>(() => ({
    rows: initial,
    deleted: [],
    errors: {},
    selected: [],
    changed: [],
    stale: [],
  }));
  /** the saved rows as the server last gave them, by id (initial, then live updates) */
  const [loaded, setLoaded] = useState(() => new Map(initial.map((r) => [r.id, r])));
  const saved = { has: (id: string) => loaded.has(id) };
  const locked = (id: string) => isRowDisabled(loaded.get(id) ?? { id }, disabledRows);
  const lastInsert = useRef(-Infinity);
  const reveal = useRef<((cell: CellRef) => void) | null>(null);
  const stateRef = useRef(state);
  stateRef.current = state;
  const handlers = useCellHandlers(fields, table, initial, (rowId, key) =>
    setState((s) => recheck(s, rowId, key)),
  );
  /** the rows a save sent, by their index in what was sent (the server names rows so) */
  const sent = useRef<GridRow[]>([]);
  /** the changed rows plus the saved ones an action replaced (a move renumbers the order) */
  const touched = (s: State, rows: GridRow[]): string[] => {
    const before = new Map(s.rows.map((r) => [r.id, r]));
    const ids = new Set(s.changed);
    for (const r of rows) if (saved.has(r.id) && before.get(r.id) !== r) ids.add(r.id);
    return [...ids];
  };

  /** re-checks one cell, and the other cells of a unique column already marked (a duplicate resolved) */
  const recheck = (s: State, rowId: string, key: string): State => {
    const field = fields.find((f) => f.key === key);
    if (!field) return s;
    const errors = { ...s.errors };
    const unique = uniqueRule(field) !== undefined;
    s.rows.forEach((r, i) => {
      const k = cellKey(r.id, key);
      if (r.id !== rowId && !(unique && k in errors)) return;
      const message = cellError(field, s.rows, i, handlers.handled);
      if (message) errors[k] = message;
      else delete errors[k];
    });
    return { ...s, errors };
  };

  /** a second insert within INSERT_THROTTLE_MS is refused with a warning */
  const throttled = () => {
    const now = Date.now();
    if (now - lastInsert.current < INSERT_THROTTLE_MS) {
      providers().notices.warning(t('tooFast'));
      return true;
    }
    lastInsert.current = now;
    return false;
  };

  const insert = (below: boolean) => {
    if (throttled()) return;
    setState((s) => {
      const after = below && s.selected.length === 1 ? s.selected[0] : undefined;
      if (tree) {
        const pid =
          after === undefined
            ? ''
            : parentOf(
                s.rows.find((r) => r.id === after)!,
                tree,
              );
        const row = { ...newRow(fields, siblingsOf(s.rows, pid || TREE_ROOT, tree)), [tree.pidField]: pid };
        const placed = placeRow(s.rows, row, tree, after);
        // put among its siblings, it takes the order of its place (as insertRow below)
        const rows =
          after === undefined ? placed : renumberSiblings(placed, parentOf(row, tree), tree, fields);
        return { ...s, rows, changed: touched(s, rows) };
      }
      const row = newRow(fields, s.rows);
      const at = s.rows.findIndex((r) => r.id === after);
      const rows = insertRow(s.rows, row, at < 0 ? s.rows.length : at + 1, fields);
      // saved rows after it moved down one: they are sent with the save
      return { ...s, rows, changed: touched(s, rows) };
    });
  };

  return {
    fields,
    rows: state.rows,
    errors: state.errors,
    selected: state.selected,
    reveal,
    select: (ids) => setState((s) => ({ ...s, selected: ids.filter((id) => !locked(id)) })),
    setCell: (rowId, key, value) => {
      const row = stateRef.current.rows.find((r) => r.id === rowId);
      const field = fields.find((f) => f.key === key);
      if (row && field) handlers.run({ ...row, [key]: value }, field, saved.has(rowId));
      setState((s) => {
        const rows = s.rows.map((r) => (r.id === rowId ? { ...r, [key]: value } : r));
        const changed = saved.has(rowId) && !s.changed.includes(rowId) ? [...s.changed, rowId] : s.changed;
        return recheck({ ...s, rows, changed }, rowId, key);
      });
    },
    blurred: (rowId, key) => {
      setTimeout(() => setState((s) => recheck(s, rowId, key)), BLUR_CHECK_MS);
    },
    add: (below = false) => insert(below),
    addChild: (parentId) => {
      if (!tree || throttled()) return;
      setState((s) => {
        const row = { ...newRow(fields, siblingsOf(s.rows, parentId, tree)), [tree.pidField]: parentId };
        return { ...s, rows: placeRow(s.rows, row, tree) };
      });
    },
    attach: (parentId, children) => {
      setLoaded((m) => new Map([...m, ...children.map((r) => [r.id, r] as const)]));
      setState((s) => {
        const have = new Set(s.rows.map((r) => r.id));
        const at = s.rows.findIndex((r) => r.id === parentId);
        const fresh = children.filter((r) => !have.has(r.id) && !s.deleted.includes(r.id));
        if (at < 0 || !fresh.length) return s;
        return { ...s, rows: [...s.rows.slice(0, at + 1), ...fresh, ...s.rows.slice(at + 1)] };
      });
    },
    move: (delta) =>
      setState((s) => {
        if (s.selected.length !== 1) return s;
        const rows = tree
          ? moveNode(s.rows, s.selected[0], delta, tree, fields)
          : moveRow(
              s.rows,
              s.rows.findIndex((r) => r.id === s.selected[0]),
              delta,
              fields,
            );
        return { ...s, rows, changed: touched(s, rows) };
      }),
    canMove: (delta) => {
      const { rows, selected } = state;
      if (selected.length !== 1) return false;
      if (tree) return siblingIndex(rows, selected[0], delta, tree) >= 0;
      const i = rows.findIndex((r) => r.id === selected[0]);
      return i >= 0 && i + delta >= 0 && i + delta < rows.length;
    },
    tree,
    drag: (from, to) =>
      setState((s) => {
        if (locked(s.rows[from]?.id ?? '')) return s;
        const rows = dragRow(s.rows, from, to, fields);
        return { ...s, rows, changed: touched(s, rows) };
      }),
    removeSelected: () =>
      setState((s) => {
        // a tree node goes with its subtree (the server deletes the descendants it has)
        const gone = tree ? withDescendants(s.rows, s.selected, tree) : new Set(s.selected);
        const errors = Object.fromEntries(
          Object.entries(s.errors).filter(([k]) => !gone.has(k.slice(0, k.lastIndexOf(':')))),
        );
        return {
          rows: s.rows.filter((r) => !gone.has(r.id)),
          deleted: [...s.deleted, ...[...gone].filter((id) => saved.has(id))],
          errors,
          selected: [],
          changed: s.changed.filter((id) => !gone.has(id)),
          stale: s.stale.filter((id) => !gone.has(id)),
        };
      }),
    validate: () => {
      handlers.runMissing(stateRef.current.rows, (id) => saved.has(id));
      const { errors, first } = gridErrors(fields, stateRef.current.rows, handlers.handled);
      setState((s) => ({ ...s, errors }));
      if (first) reveal.current?.(first);
      return !first;
    },
    showServerErrors: (list) => {
      const rows = stateRef.current.rows;
      const errors: Record<string, string> = {};
      let first: (CellRef & { message: string }) | null = null;
      for (const e of list) {
        const row = sent.current[e.row];
        const index = row ? rows.findIndex((r) => r.id === row.id) : -1;
        if (index < 0) continue;
        errors[cellKey(row.id, e.field)] ??= e.message;
        first ??= { row: index, key: e.field, message: e.message };
      }
      setState((s) => ({ ...s, errors: { ...s.errors, ...errors } }));
      if (!first) return null;
      reveal.current?.(first);
      return t('tableRowSays', { title, row: first.row + 1, message: first.message });
    },
    isSaved: (rowId) => saved.has(rowId),
    isDisabled: locked,
    stale: state.stale,
    merge: (server) => {
      const before = loaded;
      const next = new Map(server.map((r) => [r.id, r]));
      // a row the server no longer lists is dropped only when its deletion is announced (drop)
      for (const [id, r] of before) if (!next.has(id)) next.set(id, r);
      setLoaded(next);
      setState((s) => {
        const shown = new Set(s.rows.map((r) => r.id));
        const newer = (r: GridRow) => before.get(r.id)?.updateTime !== r.updateTime;
        const stale = new Set(s.stale);
        const byId = new Map(server.map((r) => [r.id, r]));
        const rows = s.rows.map((r) => {
          const fresh = byId.get(r.id);
          if (!fresh || !newer(fresh)) return r;
          if (!s.changed.includes(r.id)) return fresh;
          stale.add(r.id);
          return r;
        });
        const added = server.filter(
          (r) => !shown.has(r.id) && !before.has(r.id) && !s.deleted.includes(r.id),
        );
        if (!tree) return { ...s, rows: [...rows, ...added], stale: [...stale] };
        // a tree's new row goes under its parent; one whose parent is not here loads with that parent's branch
        const placed = added.reduce(
          (all, r) =>
            parentOf(r, tree) === TREE_ROOT || all.some((x) => x.id === parentOf(r, tree))
              ? placeRow(all, r, tree)
              : all,
          rows,
        );
        return { ...s, rows: placed, stale: [...stale] };
      });
    },
    drop: (ids) => {
      const gone = new Set(ids.filter((id) => loaded.has(id)));
      if (!gone.size) return;
      setLoaded((m) => new Map([...m].filter(([id]) => !gone.has(id))));
      setState((s) => ({
        rows: s.rows.filter((r) => !gone.has(r.id)),
        deleted: s.deleted.filter((id) => !gone.has(id)),
        errors: Object.fromEntries(
          Object.entries(s.errors).filter(([k]) => !gone.has(k.slice(0, k.lastIndexOf(':')))),
        ),
        selected: s.selected.filter((id) => !gone.has(id)),
        changed: s.changed.filter((id) => !gone.has(id)),
        stale: s.stale.filter((id) => !gone.has(id)),
      }));
    },
    value: () => {
      const { rows, changed, deleted } = stateRef.current;
      sent.current = rows.filter((r) => !saved.has(r.id) || changed.includes(r.id));
      return { rows: rowsToSend(fields, sent.current, tree?.pidField), deleted };
    },
  };
}

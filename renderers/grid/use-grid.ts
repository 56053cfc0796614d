import { useMemo, useRef, useState } from 'react';
import type { FieldDoc } from '../../src/core/document/types';
import { providers } from '../providers';
import {
  cellError,
  cellKey,
  gridErrors,
  moveRow,
  newRow,
  rowsToSend,
  type CellRef,
  type GridRow,
} from './grid-model';

/** spec 4: a second add or insert within this many milliseconds is refused with a warning */
export const INSERT_THROTTLE_MS = 1500;
export const TOO_FAST = '你点击的太快了，请慢点点击!';
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
  /** appends a row with the defaults (after the selected one with `below`) */
  add: (below?: boolean) => void;
  move: (delta: -1 | 1) => void;
  removeSelected: () => void;
  /** checks every cell; false when one fails (it is scrolled into view) */
  validate: () => boolean;
  showServerErrors: (errors: RowError[]) => void;
  /** what a save sends: rows and the ids of removed saved rows */
  value: () => { rows: Record<string, unknown>[]; deleted: string[] };
  /** set by the grid's view: scrolls a cell into view */
  reveal: { current: ((cell: CellRef) => void) | null };
}

export function useGrid(fields: FieldDoc[], initial: GridRow[]): Grid {
  const [state, setState] = useState<State>(() => ({ rows: initial, deleted: [], errors: {}, selected: [] }));
  const saved = useMemo(() => new Set(initial.map((r) => r.id)), [initial]);
  const lastInsert = useRef(-Infinity);
  const reveal = useRef<((cell: CellRef) => void) | null>(null);
  const stateRef = useRef(state);
  stateRef.current = state;

  /** re-checks one cell, and the other cells of a unique column already marked (a duplicate resolved) */
  const recheck = (s: State, rowId: string, key: string): State => {
    const field = fields.find((f) => f.key === key);
    if (!field) return s;
    const errors = { ...s.errors };
    const unique = (field.validateRules ?? []).some((r) => r.unique || r.pattern === 'only');
    s.rows.forEach((r, i) => {
      const k = cellKey(r.id, key);
      if (r.id !== rowId && !(unique && k in errors)) return;
      const message = cellError(field, s.rows, i);
      if (message) errors[k] = message;
      else delete errors[k];
    });
    return { ...s, errors };
  };

  const insert = (below: boolean) => {
    const now = Date.now();
    if (now - lastInsert.current < INSERT_THROTTLE_MS) {
      providers().notices.warning(TOO_FAST);
      return;
    }
    lastInsert.current = now;
    setState((s) => {
      const row = newRow(fields, s.rows);
      const after = below && s.selected.length === 1 ? s.rows.findIndex((r) => r.id === s.selected[0]) : -1;
      const rows =
        after < 0 ? [...s.rows, row] : [...s.rows.slice(0, after + 1), row, ...s.rows.slice(after + 1)];
      return { ...s, rows };
    });
  };

  return {
    fields,
    rows: state.rows,
    errors: state.errors,
    selected: state.selected,
    reveal,
    select: (ids) => setState((s) => ({ ...s, selected: ids })),
    setCell: (rowId, key, value) =>
      setState((s) =>
        recheck({ ...s, rows: s.rows.map((r) => (r.id === rowId ? { ...r, [key]: value } : r)) }, rowId, key),
      ),
    blurred: (rowId, key) => {
      setTimeout(() => setState((s) => recheck(s, rowId, key)), BLUR_CHECK_MS);
    },
    add: (below = false) => insert(below),
    move: (delta) =>
      setState((s) => {
        if (s.selected.length !== 1) return s;
        const index = s.rows.findIndex((r) => r.id === s.selected[0]);
        return { ...s, rows: moveRow(s.rows, index, delta, fields) };
      }),
    removeSelected: () =>
      setState((s) => {
        const gone = new Set(s.selected);
        const errors = Object.fromEntries(
          Object.entries(s.errors).filter(([k]) => !gone.has(k.slice(0, k.lastIndexOf(':')))),
        );
        return {
          rows: s.rows.filter((r) => !gone.has(r.id)),
          deleted: [...s.deleted, ...s.selected.filter((id) => saved.has(id))],
          errors,
          selected: [],
        };
      }),
    validate: () => {
      const { errors, first } = gridErrors(fields, stateRef.current.rows);
      setState((s) => ({ ...s, errors }));
      if (first) reveal.current?.(first);
      return !first;
    },
    showServerErrors: (list) => {
      const rows = stateRef.current.rows;
      const errors: Record<string, string> = {};
      for (const e of list) {
        const row = rows[e.row];
        if (row) errors[cellKey(row.id, e.field)] ??= e.message;
      }
      setState((s) => ({ ...s, errors: { ...s.errors, ...errors } }));
      const first = list.find((e) => rows[e.row]);
      if (first) reveal.current?.({ row: first.row, key: first.field });
    },
    value: () => ({ rows: rowsToSend(fields, stateRef.current.rows), deleted: stateRef.current.deleted }),
  };
}

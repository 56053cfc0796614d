import { dbTypeOf, fieldColumn, isNumeric, orderField } from '../../src/core/document/model';
import type { ChildTable, EntityDocument, FieldDoc } from '../../src/core/document/types';
import { fieldType } from '../../src/core/fields/registry';
import { switchValues } from '../../src/core/fields/switch';
import { messages, REQUIRED_PRESET } from '../../src/core/validation/presets';
import { isEmpty, uniqueRule, validateField } from '../../src/core/validation/validate';
import { formFields } from '../form/schema';

/** one grid row: its id (a saved row's, or a 6-character temporary one) and a value per column key */
export type GridRow = Record<string, unknown> & { id: string };

const ID_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** a new row's id: 6 random letters and digits; the server drops it and assigns its own */
export function temporaryId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(6));
  return Array.from(bytes, (b) => ID_CHARS[b % ID_CHARS.length]).join('');
}

/** the columns of a sub-table's grid: the child's shown form fields, less the key pointing at the master */
export function gridFields(doc: EntityDocument, foreignKey: string): FieldDoc[] {
  return formFields(doc).filter((f) => f.key !== foreignKey && fieldType(f).shown);
}

/** whether a field's cells hold numbers */
export function isNumberField(field: FieldDoc): boolean {
  return isNumeric(dbTypeOf(field));
}

/**
 * a new row: each column's default value (a defaultChecked switch on), a temporary id, the order
 * field one past the largest
 */
export function newRow(fields: FieldDoc[], rows: GridRow[]): GridRow {
  const row: GridRow = { id: temporaryId() };
  for (const f of fields) {
    if (f.defaultChecked) row[f.key] = switchValues(f)[0];
    if (f.defaultValue === undefined || f.defaultValue === '') continue;
    row[f.key] = isNumberField(f) ? Number(f.defaultValue) : String(f.defaultValue);
  }
  const order = orderField(fields);
  if (order) row[order.key] = rows.reduce((max, r) => Math.max(max, Number(r[order.key]) || 0), 0) + 1;
  return row;
}

/** the order field numbered 1..n down the rows (after a move), the rows otherwise unchanged */
function renumber(rows: GridRow[], order: FieldDoc | undefined): GridRow[] {
  if (!order) return rows;
  return rows.map((r, i) => (r[order.key] === i + 1 ? r : { ...r, [order.key]: i + 1 }));
}

/**
 * The rows with a new one put at `at` (its index among them; past the last: appended). A row put
 * among others takes the order of its place and the rows after it move down one (the order
 * renumbered 1..n, as a drag does); an appended row keeps the one past the largest newRow gave it.
 */
export function insertRow(rows: GridRow[], row: GridRow, at: number, fields: FieldDoc[]): GridRow[] {
  if (at < 0 || at >= rows.length) return [...rows, row];
  return renumber([...rows.slice(0, at), row, ...rows.slice(at)], orderField(fields));
}

/**
 * The rows with the one at `from` taken out and put at `to` (a drag; its index in the result), the
 * order renumbered; unchanged when either is outside the rows or they are the same.
 */
export function dragRow(rows: GridRow[], from: number, to: number, fields: FieldDoc[]): GridRow[] {
  if (from === to || from < 0 || to < 0 || from >= rows.length || to >= rows.length) return rows;
  const next = rows.slice();
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved);
  return renumber(next, orderField(fields));
}

/** the rows with the one at `index` moved one place up (-1) or down (+1); unchanged at the ends */
export function moveRow(rows: GridRow[], index: number, delta: -1 | 1, fields: FieldDoc[]): GridRow[] {
  return dragRow(rows, index, index + delta, fields);
}

/** whether a row matches the disabled-rows rule (it can be neither selected nor edited) */
export function isRowDisabled(row: GridRow, rule: ChildTable['disabledRows']): boolean {
  if (!rule) return false;
  const entries = Object.entries(rule);
  return entries.length > 0 && entries.every(([k, v]) => !isEmpty(row[k]) && String(row[k]) === String(v));
}

/**
 * What a cell's handler rule answered for the value it holds now: its message (or the pending one
 * while the server has not answered), null when it passed. Absent: the cell has no handler.
 */
export type HandlerAnswer = (field: FieldDoc, row: GridRow) => string | null;

/**
 * A cell's first failing rule, in order: required (the only rule an empty value meets),
 * unique among the grid's rows, the handler's answer, then the field's patterns, type and bounds as
 * the form checks them.
 */
export function cellError(
  field: FieldDoc,
  rows: GridRow[],
  index: number,
  handled?: HandlerAnswer,
): string | null {
  const value = rows[index]?.[field.key];
  if (!isEmpty(value)) {
    const unique = uniqueRule(field);
    const text = String(value);
    if (unique && rows.some((r, i) => i !== index && !isEmpty(r[field.key]) && String(r[field.key]) === text))
      return unique.message || messages.unique(field.title);
    const answer = handled?.(field, rows[index]);
    if (answer) return answer;
  }
  const rules = (field.validateRules ?? []).filter((r) => !r.unique && r.pattern !== 'only' && !r.handler);
  return validateField({ ...field, validateRules: rules }, value, fieldColumn(field));
}

/** whether a field's cells must be filled (its header shows a star) */
export function isRequiredCell(field: FieldDoc): boolean {
  return (field.validateRules ?? []).some((r) => r.required || r.pattern === REQUIRED_PRESET);
}

/** where a failing cell is: row index and field key */
export interface CellRef {
  row: number;
  key: string;
}

/** every failing cell by `rowId:key`, and the first one in reading order */
export function gridErrors(
  fields: FieldDoc[],
  rows: GridRow[],
  handled?: HandlerAnswer,
): { errors: Record<string, string>; first: CellRef | null } {
  const errors: Record<string, string> = {};
  let first: CellRef | null = null;
  rows.forEach((row, i) => {
    for (const f of fields) {
      if (f.readonly) continue;
      const message = cellError(f, rows, i, handled);
      if (!message) continue;
      errors[cellKey(row.id, f.key)] = message;
      first ??= { row: i, key: f.key };
    }
  });
  return { errors, first };
}

export const cellKey = (rowId: string, key: string) => `${rowId}:${key}`;

/** the 合计 or 平均 of a column's numbers (empty cells left out), or null without a statistic */
export function statistic(field: FieldDoc, rows: GridRow[]): number | null {
  if (!field.statistics) return null;
  const values = rows.map((r) => r[field.key]).filter((v) => !isEmpty(v) && Number.isFinite(Number(v)));
  const sum = values.reduce<number>((s, v) => s + Number(v), 0);
  if (field.statistics === 'sum') return sum;
  return values.length ? sum / values.length : 0;
}

/** numbers in the statistics row show 2 decimals with thousands separators */
export function formatStatistic(n: number): string {
  return n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}

/**
 * what a save sends for a sub-table: each row's column values and id (temporary ids included), a
 * tree row's parent, and
 * a saved row's updateTime as it was read, so the server refuses it if another console saved it since
 */
export function rowsToSend(
  fields: FieldDoc[],
  rows: GridRow[],
  pidField?: string,
): Record<string, unknown>[] {
  return rows.map((r) => {
    const out: Record<string, unknown> = { id: r.id };
    // a tree row's parent: a saved row's id, or a new row's temporary one (the server maps it)
    if (pidField) out[pidField] = isEmpty(r[pidField]) ? null : r[pidField];
    if (r.updateTime !== undefined) out.updateTime = r.updateTime;
    for (const f of fields) {
      if (f.readonly) continue;
      const v = r[f.key];
      out[f.key] = isEmpty(v) ? null : v;
    }
    return out;
  });
}

import { DATE_FORMAT, DATETIME_FORMAT, TIME_FORMAT } from '../constants';
import { messages } from '../validation/presets';
import type { JsonType } from './types';

/** how the list-query parser reads a filter value of a column (src/core/query/params.ts) */
export type QueryKind = 'string' | 'number' | 'date' | 'datetime' | 'time' | 'boolean';
/** how a spreadsheet cell holds a column's value */
export type ExcelKind = 'string' | 'number' | 'date' | 'datetime';

/** a column as the checks see it: its title for messages, its size for limits */
export interface ColumnSize {
  title: string;
  /** varchar length, or numeric precision */
  length?: number;
  scale?: number;
}

/**
 * A column type a document may name (`dbType`): its DDL, how information_schema names it, how it is
 * searched and exported, and which values fit it. The schema sync, the list compiler, the exporter
 * and validation ask here instead of keeping tables of their own.
 */
export interface DbTypeDef {
  /** the DDL type of a column of this size */
  sql(length: number | undefined, scale: number | undefined): string;
  /** information_schema.columns.data_type of such a column (to compare without parsing DDL) */
  info: string;
  /** a varchar: its length may grow (never shrink) on a later start */
  sized: boolean;
  /** length (varchar) or precision (numeric) when neither the field nor its type gives one */
  defaultLength?: number;
  /** digits after the point, when the field gives none (numeric) */
  defaultScale?: number;
  /** holds text: an empty value is '' as well as null */
  textual: boolean;
  numeric: boolean;
  /** the JSON type a number editor sends for it */
  json: JsonType;
  query: QueryKind;
  excel: ExcelKind;
  /** request value → column value, for types whose JSON differs from their text (booleans) */
  fromJson?(value: unknown): unknown;
  /** the value (as text) fits the column, or the message saying why not */
  check(text: string, col: ColumnSize): string | null;
}

const INTEGER = /^[-+]?\d+$/;
const NUMBER = /^[-+]?\d+(\.\d+)?$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^(\d{2}):(\d{2})(?::(\d{2}))?$/;
const DATETIME = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}(?::\d{2})?)$/;

function isDate(text: string): boolean {
  const m = DATE.exec(text);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

function isTime(text: string): boolean {
  const m = TIME.exec(text);
  return Boolean(m) && Number(m![1]) < 24 && Number(m![2]) < 60 && Number(m![3] ?? 0) < 60;
}

function isDateTime(text: string): boolean {
  const m = DATETIME.exec(text);
  return Boolean(m) && isDate(m![1]) && isTime(m![2]);
}

/** an integer column: a whole number within the column's range (a larger one would fail in SQL) */
function integer(bits: 32 | 64) {
  const max = bits === 32 ? 2n ** 31n : 2n ** 63n;
  return (text: string, col: ColumnSize) => {
    if (!NUMBER.test(text)) return messages.notNumber(col.title);
    if (!INTEGER.test(text)) return messages.notInteger(col.title);
    const n = BigInt(text);
    return n >= max || n < -max ? messages.outOfRange(col.title) : null;
  };
}

const BOOLEAN_TEXT: Record<string, boolean> = {
  true: true,
  false: false,
  '1': true,
  '0': false,
  Y: true,
  N: false,
};

const DEFAULT_STRING_LENGTH = 100;
const DEFAULT_PRECISION = 18;
const DEFAULT_SCALE = 2;

/** a column type: a fixed-size, non-text, non-numeric value sent as a string, unless it says otherwise */
function column(
  def: Pick<DbTypeDef, 'sql' | 'info' | 'query' | 'excel' | 'check'> & Partial<DbTypeDef>,
): DbTypeDef {
  return { sized: false, textual: false, numeric: false, json: 'string', ...def };
}

export const DB_TYPES = {
  string: column({
    sql: (length) => `varchar(${length ?? DEFAULT_STRING_LENGTH})`,
    info: 'character varying',
    sized: true,
    defaultLength: DEFAULT_STRING_LENGTH,
    textual: true,
    query: 'string',
    excel: 'string',
    check: (text, col) => {
      const max = col.length ?? DEFAULT_STRING_LENGTH;
      return [...text].length > max ? messages.tooLong(col.title, max) : null;
    },
  }),
  text: column({
    sql: () => 'text',
    info: 'text',
    textual: true,
    query: 'string',
    excel: 'string',
    check: () => null,
  }),
  int: column({
    sql: () => 'integer',
    info: 'integer',
    numeric: true,
    json: 'integer',
    query: 'number',
    excel: 'number',
    check: integer(32),
  }),
  bigint: column({
    sql: () => 'bigint',
    info: 'bigint',
    numeric: true,
    json: 'integer',
    query: 'number',
    excel: 'number',
    check: integer(64),
  }),
  decimal: column({
    sql: (length, scale) => `numeric(${length ?? DEFAULT_PRECISION},${scale ?? DEFAULT_SCALE})`,
    info: 'numeric',
    defaultLength: DEFAULT_PRECISION,
    defaultScale: DEFAULT_SCALE,
    numeric: true,
    json: 'number',
    query: 'number',
    excel: 'number',
    check: (text, col) => {
      if (!NUMBER.test(text)) return messages.notNumber(col.title);
      const digits = text
        .replace(/^[-+]/, '')
        .split('.')[0]
        .replace(/^0+(?=\d)/, '').length;
      const whole = (col.length ?? DEFAULT_PRECISION) - (col.scale ?? DEFAULT_SCALE);
      return digits > whole ? messages.tooManyDigits(col.title, whole) : null;
    },
  }),
  date: column({
    sql: () => 'date',
    info: 'date',
    query: 'date',
    excel: 'date',
    check: (text, col) => (isDate(text) ? null : messages.badFormat(col.title, DATE_FORMAT)),
  }),
  datetime: column({
    sql: () => 'timestamp',
    info: 'timestamp without time zone',
    query: 'datetime',
    excel: 'datetime',
    check: (text, col) => (isDateTime(text) ? null : messages.badFormat(col.title, DATETIME_FORMAT)),
  }),
  time: column({
    sql: () => 'time',
    info: 'time without time zone',
    query: 'time',
    excel: 'string',
    check: (text, col) => (isTime(text) ? null : messages.badFormat(col.title, TIME_FORMAT)),
  }),
  boolean: column({
    sql: () => 'boolean',
    info: 'boolean',
    query: 'boolean',
    excel: 'string',
    fromJson: (v) => (typeof v === 'string' && v in BOOLEAN_TEXT ? BOOLEAN_TEXT[v] : v),
    check: (text, col) => (text === 'true' || text === 'false' ? null : messages.notYesNo(col.title)),
  }),
};

export type DbType = keyof typeof DB_TYPES;
export const DB_TYPE_NAMES = Object.keys(DB_TYPES) as DbType[];

export function dbType(name: DbType): DbTypeDef {
  return DB_TYPES[name];
}

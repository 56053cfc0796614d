import { entityColumns, isNumeric, isMultiValue, type ColumnModel } from '../document/model';
import type { EntityDocument, FieldDoc } from '../document/types';
import { messages, REQUIRED_PRESET, resolvePattern } from './presets';

export interface FieldError {
  /** path into the record: the field key */
  field: string;
  message: string;
}

export function isEmpty(v: unknown): boolean {
  return (
    v === undefined ||
    v === null ||
    (typeof v === 'string' && v.trim() === '') ||
    (Array.isArray(v) && v.length === 0)
  );
}

export function isRequired(field: FieldDoc): boolean {
  return (field.validateRules ?? []).some((r) => r.required || r.pattern === REQUIRED_PRESET);
}

const SELECT_TYPES = new Set([
  'select',
  'radio',
  'checkbox',
  'list_multi',
  'sel_search',
  'sel_tree',
  'sel_user',
  'sel_depart',
]);
const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
const DATETIME_RE = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2})?$/;
const TIME_RE = /^\d{2}:\d{2}(:\d{2})?$/;

function requiredMessage(field: FieldDoc, ruleMessage?: string): string {
  if (ruleMessage) return ruleMessage;
  return SELECT_TYPES.has(field.type) ? messages.requiredSelect(field.title) : messages.required(field.title);
}

/** Checks one value against a field's rules, in the order of spec 5.1; the first failure wins. Unique is the caller's. */
export function validateField(field: FieldDoc, value: unknown, col?: ColumnModel): string | null {
  const rules = field.validateRules ?? [];
  if (isEmpty(value)) {
    const req = rules.find((r) => r.required || r.pattern === REQUIRED_PRESET);
    return req ? requiredMessage(field, req.message) : null;
  }
  const text = Array.isArray(value) ? value.join(',') : String(value);
  if (col) {
    const typeError = checkType(field, col, value, text);
    if (typeError) return typeError;
  }
  for (const rule of rules) {
    if (rule.pattern && rule.pattern !== REQUIRED_PRESET) {
      const preset = resolvePattern(rule.pattern);
      if (!preset || !preset.test.test(text))
        return rule.message || preset?.message || messages.invalidPattern(field.title);
    }
    if (isMultiValue(field)) {
      const n = text.split(',').filter(Boolean).length;
      if (rule.min !== undefined && n < rule.min) return rule.message || messages.minItems(rule.min);
      if (rule.max !== undefined && n > rule.max) return rule.message || messages.maxItems(rule.max);
    } else if (col && isNumeric(col.dbType)) {
      const n = Number(text);
      if (rule.min !== undefined && n < rule.min) return rule.message || `${field.title}不能小于${rule.min}`;
      if (rule.max !== undefined && n > rule.max) return rule.message || `${field.title}不能大于${rule.max}`;
    } else {
      if (rule.min !== undefined && [...text].length < rule.min)
        return rule.message || messages.minLength(rule.min);
      if (rule.max !== undefined && [...text].length > rule.max)
        return rule.message || messages.maxLength(rule.max);
    }
  }
  return null;
}

function checkType(field: FieldDoc, col: ColumnModel, value: unknown, text: string): string | null {
  switch (col.dbType) {
    case 'int':
    case 'bigint':
      return /^[-+]?\d+$/.test(text) ? null : messages.notNumber(field.title);
    case 'decimal':
      return typeof value === 'number' || /^[-+]?\d+(\.\d+)?$/.test(text)
        ? null
        : messages.notNumber(field.title);
    case 'date':
      return DATE_RE.test(text) ? null : messages.notDate(field.title);
    case 'datetime':
      return DATETIME_RE.test(text) ? null : messages.notDate(field.title);
    case 'time':
      return TIME_RE.test(text) ? null : messages.notDate(field.title);
    case 'string':
      return col.length && [...text].length > col.length ? messages.tooLong(field.title, col.length) : null;
    default:
      return null;
  }
}

/**
 * Validates a record against its document. With `partial` (an edit), only the keys present are checked.
 * Returns every failing field, so a form can show them all at once.
 */
export function validateRecord(
  doc: EntityDocument,
  record: Record<string, unknown>,
  partial = false,
): FieldError[] {
  const errors: FieldError[] = [];
  for (const col of entityColumns(doc)) {
    if (!col.field || col.field.readonly) continue;
    if (partial && !(col.key in record)) continue;
    const message = validateField(col.field, record[col.key], col);
    if (message) errors.push({ field: col.key, message });
  }
  return errors;
}

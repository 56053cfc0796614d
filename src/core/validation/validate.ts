import { fieldState, titleOf } from '../document/conditions';
import { entityColumns, isMultiValue, type ColumnModel } from '../document/model';
import { dbType } from '../fields/db-types';
import { fieldType, valueItems } from '../fields/registry';
import type { EntityDocument, FieldDoc, ValidateRule } from '../document/types';
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

/** the field's rule making its values unique (`unique`, or the preset 'only'), when it has one */
export function uniqueRule(field: FieldDoc): ValidateRule | undefined {
  return (field.validateRules ?? []).find((r) => r.unique || r.pattern === 'only');
}

const requiredRule = (field: FieldDoc) =>
  (field.validateRules ?? []).find((r) => r.required || r.pattern === REQUIRED_PRESET);

/**
 * required by its rules, or (given the record's values) by its `when.required` rule; a field with a
 * `when.required` rule is required only while it holds (a required rule then gives the message)
 */
export function isRequired(field: FieldDoc, values?: Record<string, unknown>): boolean {
  if (!field.when || !values) return Boolean(requiredRule(field));
  const state = fieldState(field, values);
  return !state.hidden && (state.required || (field.when.required === undefined && isRequired(field)));
}

/** a rule's message may name the field as {title}: the title it goes by for these values (altTitle) */
function requiredMessage(field: FieldDoc, values?: Record<string, unknown>, ruleMessage?: string): string {
  const title = titleOf(field, values);
  if (ruleMessage) return ruleMessage.replace('{title}', title);
  return fieldType(field).picked ? messages.requiredSelect(title) : messages.required(title);
}

/**
 * Checks one value against a field's rules, in the order (required, then patterns; the
 * first failure wins), then against its column and type (a number, a real date, one of a switch's
 * two values, an uploaded path), then lengths and counts. Unique is the caller's.
 */
export function validateField(
  field: FieldDoc,
  value: unknown,
  col?: ColumnModel,
  values?: Record<string, unknown>,
): string | null {
  // a field its rules hide is not the user's to fill: none of its rules apply
  if (field.when && values && fieldState(field, values).hidden) return null;
  const rules = field.validateRules ?? [];
  if (isEmpty(value)) {
    if (!(field.when && values ? isRequired(field, values) : requiredRule(field))) return null;
    return requiredMessage(field, values, requiredRule(field)?.message);
  }
  const text = Array.isArray(value) ? value.join(',') : String(value);
  for (const rule of rules) {
    if (rule.pattern && rule.pattern !== REQUIRED_PRESET) {
      const preset = resolvePattern(rule.pattern);
      if (!preset || !preset.test.test(text))
        return rule.message || preset?.message || messages.invalidPattern(field.title);
    }
    if (rule.sameAs && values && text !== String(values[rule.sameAs] ?? ''))
      return rule.message || messages.differs(field.title);
  }
  if (col) {
    const typeError =
      dbType(col.dbType).check(text, col) ?? fieldType(field).check?.(valueItems(field, text), field);
    if (typeError) return typeError;
  }
  const numeric = col && dbType(col.dbType).numeric;
  for (const rule of rules) {
    if (isMultiValue(field)) {
      const n = valueItems(field, text).length;
      if (rule.min !== undefined && n < rule.min) return rule.message || messages.minItems(rule.min);
      if (rule.max !== undefined && n > rule.max) return rule.message || messages.maxItems(rule.max);
    } else if (numeric) {
      const n = Number(text);
      if (rule.min !== undefined && n < rule.min)
        return rule.message || messages.belowMin(field.title, rule.min);
      if (rule.max !== undefined && n > rule.max)
        return rule.message || messages.aboveMax(field.title, rule.max);
    } else {
      if (rule.min !== undefined && [...text].length < rule.min)
        return rule.message || messages.minLength(rule.min);
      if (rule.max !== undefined && [...text].length > rule.max)
        return rule.message || messages.maxLength(rule.max);
    }
  }
  return null;
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
    const message = validateField(col.field, record[col.key], col, record);
    if (message) errors.push({ field: col.key, message });
  }
  return errors;
}

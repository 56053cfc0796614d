import type { EntityDocument } from '../../src/core/document/types';
import { dbTypeOf } from '../../src/core/document/model';
import { fieldType } from '../../src/core/fields/registry';
import { hasOptions } from '../common/dict';
import { formFields, type FormMode } from './schema';

type Data = Record<string, unknown>;

/**
 * A list record as form data: only the form's fields; null (the server's "empty") becomes
 * undefined (rjsf's), and option values (a switch's too) become text so they match the dictionary values.
 */
export function toFormData(doc: EntityDocument, record: Data | undefined): Data {
  const data: Data = {};
  if (!record) return data;
  for (const f of formFields(doc)) {
    const v = record[f.key];
    if (v === null || v === undefined) continue;
    data[f.key] = hasOptions(f) || fieldType(f).choices ? String(v) : v;
  }
  return data;
}

/**
 * What add/edit send: the form's fields only (never _dictText or other system columns). An edit
 * sends every field, emptied ones as null, so clearing a field really clears it; it carries the id,
 * and the updateTime it was read with, so the server refuses it when someone saved in between.
 */
export function toPayload(
  doc: EntityDocument,
  mode: FormMode,
  data: Data,
  record?: { id?: string; updateTime?: unknown },
): Data {
  const body: Data = {};
  for (const f of formFields(doc)) {
    if (f.readonly) continue;
    const v = data[f.key];
    if (v !== undefined && v !== '') body[f.key] = v;
    else if (mode === 'edit') body[f.key] = null;
  }
  if (mode === 'edit' && record?.id) {
    body.id = record.id;
    body.updateTime = record.updateTime ?? null;
  }
  return body;
}

/**
 * Values a popup gives this form's fields, as form data: text becomes a number where the field
 * edits a number (a report's 单价 into a decimal field), empty becomes undefined.
 */
export function filledData(doc: EntityDocument, values: Data): Data {
  const data: Data = {};
  for (const [key, v] of Object.entries(values)) {
    const f = doc.fields.find((x) => x.key === key);
    if (!f || v === undefined || v === null || v === '') data[key] = undefined;
    else data[key] = fieldType(f).jsonType(f, dbTypeOf(f)) === 'string' ? String(v) : Number(v);
  }
  return data;
}

import type { CustomValidator, ErrorSchema, ErrorTransformer, FormValidation } from '@rjsf/utils';
import { createErrorHandler } from '@rjsf/utils';
import { fieldColumn } from '../../src/core/document/model';
import type { EntityDocument, FieldDoc } from '../../src/core/document/types';
import { messages } from '../../src/core/validation/presets';
import { isEmpty, validateField, type FieldError } from '../../src/core/validation/validate';
import { formFields } from './schema';

type Data = Record<string, unknown>;

/** each writable field's message for `data` (of those `which` keeps), as validateField states it */
function fieldErrors(
  doc: EntityDocument,
  data: Data,
  which: (f: FieldDoc) => boolean = () => true,
): FieldError[] {
  const found: FieldError[] = [];
  for (const f of formFields(doc)) {
    if (f.readonly || !which(f)) continue;
    const message = validateField(f, data[f.key], fieldColumn(f), data);
    if (message) found.push({ field: f.key, message });
  }
  return found;
}

/**
 * The form's messages come from the same validateField the server runs, so the browser says
 * exactly what the server would (请输入单位名称, 单位编码只能包含…). Read-only fields are the
 * server's to fill, as in validateRecord.
 */
export function customValidate(doc: EntityDocument): CustomValidator<Data> {
  return (formData, errors) => {
    const handlers = errors as unknown as Record<string, FormValidation>;
    // rjsf only builds handlers for keys present in the data; an untouched field has none yet
    for (const { field, message } of fieldErrors(doc, formData ?? {}))
      (handlers[field] ??= createErrorHandler(undefined)).addError(message);
    return errors;
  };
}

/**
 * The messages of the fields the user has left, before the first 确定: each filled field's rules
 * (pattern presets, lengths, ranges) as validateField states them, so a bad phone or email is
 * named as the field is left and the message goes as the value is fixed. An empty field waits for
 * 确定 (as the duplicate checks do): tabbing past a required field is not yet a mistake.
 */
export function leftFieldErrors(
  doc: EntityDocument,
  left: ReadonlySet<string>,
  data: Data,
): ErrorSchema<Data> | undefined {
  const found = fieldErrors(doc, data, (f) => left.has(f.key) && !isEmpty(data[f.key]));
  return found.length ? serverErrors(found) : undefined;
}

/**
 * ajv's own errors are dropped (its English duplicates the messages above), except an option
 * outside the dictionary, which validateField does not check: it gets the server's wording.
 */
export function transformErrors(doc: EntityDocument): ErrorTransformer<Data> {
  const titles = new Map(doc.fields.map((f) => [f.key, f.title]));
  return (errors) =>
    errors
      .filter((e) => e.name === 'enum')
      .map((e) => {
        const key = (e.property ?? '').replace(/^\./, '');
        const message = messages.notOption(titles.get(key) ?? key);
        return { ...e, message, stack: message };
      });
}

/** field errors (a write failure's result.errors, or the form's own) as rjsf extraErrors, each under its field */
export function serverErrors(errors: FieldError[]): ErrorSchema<Data> {
  const schema: Record<string, { __errors: string[] }> = {};
  for (const { field, message } of errors) (schema[field] ??= { __errors: [] }).__errors.push(message);
  return schema as ErrorSchema<Data>;
}

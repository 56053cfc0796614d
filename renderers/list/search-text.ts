import dayjs, { type Dayjs } from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import { DATE_FORMAT } from '../../src/core/constants';
import type { FieldDoc } from '../../src/core/document/types';
import { fieldType } from '../../src/core/fields/registry';

// reading a time (HH:mm:ss) back from text needs its format
dayjs.extend(customParseFormat);

/** the text format of a date, date-time or time field */
export const formatOf = (f: FieldDoc) => fieldType(f).format;

/** date pickers hold dayjs values; a list's query wants them as text in the field's format */
export function asText(v: unknown, format: string | undefined): unknown {
  if (dayjs.isDayjs(v)) return (v as Dayjs).format(format ?? DATE_FORMAT);
  if (Array.isArray(v)) return v.map((x) => asText(x, format));
  return v;
}

/** the other way: a date field's text (from the URL or a saved query) as the picker's dayjs value */
export function asPickerValue(v: unknown, format: string | undefined): unknown {
  if (Array.isArray(v)) return v.map((x) => asPickerValue(x, format));
  if (!format || typeof v !== 'string' || !v) return v;
  const d = dayjs(v, format);
  return d.isValid() ? d : undefined;
}

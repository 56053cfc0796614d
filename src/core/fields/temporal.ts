import { defineType } from './families';
import type { FieldTypeDef } from './types';

const pad = (n: string) => n.padStart(2, '0');

/** '2026/1/5' and '2026-1-5' as 2026-01-05; other text unchanged (the column's check then names the format) */
export function normalizeDate(text: string): string {
  const m = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(text.trim());
  return m ? `${m[1]}-${pad(m[2])}-${pad(m[3])}` : text;
}

/** '8:05' as 08:05:00 */
export function normalizeTime(text: string): string {
  const m = /^(\d{1,2}):(\d{1,2})(?::(\d{1,2}))?$/.exec(text.trim());
  return m ? `${pad(m[1])}:${pad(m[2])}:${pad(m[3] ?? '0')}` : text;
}

/** '2026/1/5 8:05' as 2026-01-05 08:05:00 */
export function normalizeDateTime(text: string): string {
  const m = /^(\S+)[ T](\S+)$/.exec(text.trim());
  return m ? `${normalizeDate(m[1])} ${normalizeTime(m[2])}` : text;
}

/** a date, a date-time or a time: picked, kept as text in the spec's format, searched by range */
export function temporalType(
  type: 'date' | 'datetime' | 'time',
  format: string,
  fromText: (text: string) => string,
  more: Partial<FieldTypeDef> = {},
): FieldTypeDef {
  return defineType({ db: { type }, picked: true, search: ['range', 'single'], format, fromText, ...more });
}

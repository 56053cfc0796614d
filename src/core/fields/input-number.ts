import { dbType } from './db-types';
import { defineType } from './families';
import type { FieldDoc } from '../document/types';

const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;

/** thousands separators between every three digits of a whole number written as text */
const grouped = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/**
 * A decimal (money, a price, a weight) as people read it: thousands separators and exactly the
 * field's scale, 1,234,567.50. Worked on the text, not a double, so numeric(18,2) stays exact;
 * a value with more digits than the scale is rounded half up.
 */
function decimalText(value: unknown, field: FieldDoc): string {
  const text = String(value).trim();
  const m = DECIMAL.exec(text);
  if ((field.dbType ?? 'decimal') !== 'decimal' || !m) return text;
  const scale = field.scale ?? dbType('decimal').defaultScale ?? 0;
  const [, sign, whole, frac = ''] = m;
  // all digits as one integer of `scale` places, rounded on the first dropped digit
  let units = BigInt(whole + frac.padEnd(scale, '0').slice(0, scale));
  if (Number(frac[scale] ?? 0) >= 5) units += 1n;
  const all = units.toString().padStart(scale + 1, '0');
  const int = all.slice(0, all.length - scale);
  const dec = all.slice(all.length - scale);
  const negative = sign === '-' && units !== 0n;
  return `${negative ? '-' : ''}${grouped(int)}${scale ? `.${dec}` : ''}`;
}

/** a number: an integer or a decimal by its column type; searched by range */
export const inputNumber = defineType({
  db: { type: 'decimal' },
  jsonType: (_field, db) => dbType(db).json,
  search: ['range', 'single'],
  display: decimalText,
  // a spreadsheet may show thousands separators ('s number format)
  fromText: (text) => text.replace(/[,\s]/g, ''),
});

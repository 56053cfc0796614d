import { dbType } from './db-types';
import { defineType } from './families';

/** a number: an integer or a decimal by its column type; searched by range */
export const inputNumber = defineType({
  db: { type: 'decimal' },
  jsonType: (_field, db) => dbType(db).json,
  search: ['range', 'single'],
  // a spreadsheet may show thousands separators (spec 9's number format)
  fromText: (text) => text.replace(/[,\s]/g, ''),
});

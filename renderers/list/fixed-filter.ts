import type { EntityDocument } from '../../src/core/document/types';

/**
 * A list narrowed to rows with given values (a dictionary's items, one kind of log): the fixed
 * fields are the same in every row, so they are neither searched nor listed, and the form keeps
 * them as hidden values (a new record is seeded with them).
 */
export function withFixedFields(doc: EntityDocument, keys: readonly string[]): EntityDocument {
  if (!keys.length) return doc;
  const fixed = new Set(keys);
  return {
    ...doc,
    fields: doc.fields.map((f) =>
      fixed.has(f.key) ? { ...f, type: 'hidden', query: undefined, list: false } : f,
    ),
  };
}

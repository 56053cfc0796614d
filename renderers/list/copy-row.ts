import type { EntityDocument } from '../../src/core/document/types';
import type { Row } from './columns';

/**
 * What a copy starts from: the row's values of the fields a person may write, under a new id.
 * Read-only ones (counters the server keeps, like seats taken) start again as a new record's do.
 */
export function copyOf(doc: EntityDocument, row: Row): Row {
  const copy: Row = { id: '' };
  for (const f of doc.fields) {
    if (f.readonly || row[f.key] === null || row[f.key] === undefined) continue;
    copy[f.key] = row[f.key];
    // pickers show the names the list already has, not ids, until their own lookups answer
    if (row[`${f.key}_dictText`] !== undefined) copy[`${f.key}_dictText`] = row[`${f.key}_dictText`];
  }
  return copy;
}

import collectionsSchema from '../../../../schemas/_meta/collections.schema.json';
import type { DictionaryDoc } from '../types';
import type { DocumentKind } from './kind';

/** a list of dictionaries (schemas/system/dictionaries.json): their codes are unique across files */
export const dictionaries: DocumentKind = {
  schema: collectionsSchema,
  register(doc, file, { catalog, add }) {
    (doc.dictionaries as DictionaryDoc[]).forEach((d, i) => {
      if (catalog.dictionaries.has(d.code))
        add(file, `/dictionaries/${i}/code`, `duplicate dictionary code '${d.code}'`);
      else catalog.dictionaries.set(d.code, d);
    });
  },
};

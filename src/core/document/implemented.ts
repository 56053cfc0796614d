import { FIELD_TYPE_NAMES } from '../fields/registry';
import type { Catalog, Problem } from './load';
import { LIST_KIND_NAMES } from './list-kinds';

/** what one side of the runtime implements, by name */
export interface Implementation {
  side: string;
  fieldTypes: ReadonlySet<string>;
  listKinds: ReadonlySet<string>;
}

/** the isomorphic side: the field-type registry and the list kinds (src/core/fields, list-kinds.ts) */
export const CORE_IMPLEMENTATION: Implementation = {
  side: 'core',
  fieldTypes: new Set(FIELD_TYPE_NAMES),
  listKinds: new Set(LIST_KIND_NAMES),
};

/**
 * Documents naming a field type or list kind that one of the sides does not implement: a document
 * may use only what every side (core, server, browser renderers) can carry out.
 */
export function unimplemented(catalog: Catalog, sides: readonly Implementation[]): Problem[] {
  const problems: Problem[] = [];
  for (const [code, doc] of catalog.entities) {
    const file = catalog.origin.get(code)!;
    for (const side of sides) {
      if (!side.listKinds.has(doc.list.kind))
        problems.push({
          file,
          path: '/list/kind',
          message: `list kind '${doc.list.kind}' has no implementation in ${side.side}`,
        });
      doc.fields.forEach((f, i) => {
        if (!side.fieldTypes.has(f.type))
          problems.push({
            file,
            path: `/fields/${i}/type`,
            message: `field type '${f.type}' has no implementation in ${side.side}`,
          });
      });
    }
  }
  return problems;
}

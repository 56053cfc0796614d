import collectionsSchema from '../../../../schemas/_meta/collections.schema.json';
import { SECRET_COLUMNS } from '../catalog';
import type { DictSourcesDocument } from '../types';
import type { DocumentKind } from './kind';

/** system tables that may serve as table dictionaries (schemas/system/dict-sources.json) */
export const dictSources: DocumentKind = {
  schema: collectionsSchema,
  register(doc, file, { catalog, add, sourceCodes }) {
    (doc as unknown as DictSourcesDocument).sources.forEach((s, i) => {
      const columns = Object.entries(s.columns).filter(([c]) => !SECRET_COLUMNS.has(c));
      const bad = Object.keys(s.columns).filter((c) => SECRET_COLUMNS.has(c));
      if (bad.length)
        add(
          file,
          `/sources/${i}/columns`,
          `secret column(s) ${bad.join(', ')} can never be a dictionary source`,
        );
      const permissions = new Map(columns.filter(([, a]) => a !== 'public'));
      for (const [c, code] of permissions)
        sourceCodes.push({ file, path: `/sources/${i}/columns/${c}`, code });
      catalog.dictSources.set(s.table, {
        columns: new Set(columns.map(([c]) => c)),
        permissions,
        tree: s.tree,
      });
    });
  },
  check({ catalog, add, tables, prefixes, sourceCodes }) {
    for (const [table, src] of catalog.dictSources) src.document = tables.get(table);
    const knownPrefixes = [...prefixes.keys(), ...catalog.menuScreens.map((s) => s.permission)];
    for (const c of sourceCodes)
      if (!knownPrefixes.some((p) => c.code.startsWith(p)))
        add(
          c.file,
          c.path,
          `permission '${c.code}' is not under any document's or screen's permission prefix`,
        );
  },
};

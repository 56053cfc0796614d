import fs from 'node:fs';
import path from 'node:path';
import { BUILD_GRAPH, type BuiltChunk } from '../../scripts/build/build-graph';
import { expect, test } from './fixtures';

// What the build the suite runs on (npm run test:e2e builds first) loads on a first visit to a list
// page: the page's entry, the layout and the plain list's renderer with every chunk they import at
// load. A field type's grid cell, editor or search control, the pickers, the form (rjsf, ajv) and
// the grid load later, when a screen shows them (renderers/fields/registry.ts).

const graph = JSON.parse(fs.readFileSync(path.resolve(BUILD_GRAPH), 'utf8')) as Record<string, BuiltChunk>;

/** the chunks a chunk needs at load, itself included */
function loadedWith(files: string[]): Set<string> {
  const seen = new Set<string>();
  const next = [...files];
  while (next.length) {
    const file = next.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    next.push(...graph[file].imports);
  }
  return seen;
}

const chunkOf = (entry: string) => {
  const found = Object.entries(graph).find(([, c]) => c.entry === entry);
  if (!found) throw new Error(`no chunk has ${entry} for its entry`);
  return found[0];
};

/** the source modules a first visit to /online/cgformList/<code> loads */
function listFirstVisit(): string[] {
  const files = loadedWith(
    ['index.html', 'src/app/layouts/BasicLayout.tsx', 'renderers/list/PlainList.tsx'].map(chunkOf),
  );
  return [...files].flatMap((f) => graph[f].modules);
}

test('a first visit to a list page loads no grid, picker, form, rjsf or field-part module', () => {
  const modules = listFirstVisit();
  expect(modules).toContain('renderers/list/ListPage.tsx');
  const later = modules.filter((m) =>
    /^renderers\/(grid|pickers|form)\/|^renderers\/fields\/[^/]+\/|^renderers\/fields\/editors\/|node_modules\/(@rjsf|ajv)/.test(
      m,
    ),
  );
  expect(later).toEqual([]);
});

test('the field registry is built into the list, its parts are chunks loaded later', () => {
  const modules = listFirstVisit();
  expect(modules).toContain('renderers/fields/registry.ts');
  const parts = Object.values(graph).filter((c) =>
    /^renderers\/fields\/[^/]+\/[a-z-]+\.tsx?$/.test(c.entry ?? ''),
  );
  expect(parts.length).toBeGreaterThan(40);
});

test('the cards a list draws on a phone are a chunk of their own, which a first visit to a list does not load', () => {
  const modules = listFirstVisit();
  expect(modules).toContain('renderers/list/ListTable.tsx');
  expect(modules.filter((m) => /^renderers\/list\/(CardList|card-layout)/.test(m))).toEqual([]);
  // it is built, as a chunk loaded when a list first shows at the mobile width (ListPage.tsx)
  expect(chunkOf('renderers/list/CardList.tsx')).toBeTruthy();
});

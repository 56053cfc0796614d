/**
 * npm run schemas:check — validates every document under schemas/ against the meta-schema and
 * checks cross references; prints each problem with its file and JSON path; exits 1 on any.
 */
import path from 'node:path';
import entitySchema from '../schemas/_meta/entity.schema.json';
import { CORE_IMPLEMENTATION, unimplemented, type Implementation } from '../src/core/document/implemented';
import { loadCatalog } from '../src/core/document/load';
import { untitledIn } from '../src/core/document/localize';
import { checkReports } from '../src/core/document/report-sql';
import { metaSchemaDrift } from '../src/core/document/meta-enums';
import { readSchemaFiles } from '../src/server/docs/load-files';

/**
 * The sides every field type and list kind a document names must be implemented on. Core's
 * registries are the list; the browser cannot fall short of them: renderers/fields/registry.ts
 * and renderers/registry.ts (KIND_RENDERERS) are typed as complete records over core's names, so a
 * type or kind core registers without a renderer does not compile.
 */
const SIDES: Implementation[] = [CORE_IMPLEMENTATION];

const dir = path.resolve(process.argv[2] ?? 'schemas');
const { files, unreadable } = readSchemaFiles(dir);
const { catalog, problems } = loadCatalog(files);
problems.push(...(await checkReports(catalog)));
const meta = path.join('_meta', 'entity.schema.json');
const all = [
  ...unreadable.map((u) => ({ file: u.file, path: '/', message: u.message })),
  ...metaSchemaDrift(entitySchema).map((message) => ({
    file: meta,
    path: '/',
    message: `${message} (run npm run schemas:meta)`,
  })),
  ...problems,
  ...unimplemented(catalog, SIDES),
];
for (const p of all)
  console.log(`${path.join(path.relative(process.cwd(), dir), p.file)} ${p.path}: ${p.message}`);
console.log(
  `${files.length + unreadable.length} files: ${catalog.entities.size} entity, ${catalog.reports.size} report, ` +
    `${catalog.dictionaries.size} dictionaries, ${catalog.menuGroups.length} menu groups; ${all.length} problem(s)`,
);
// a warning, not a problem: such a document shows its Chinese words to an English-speaking user
const untitled = untitledIn('en-US', catalog.entities.values());
if (untitled.length)
  console.log(
    `warning: ${untitled.length} entity document(s) without an English title (locales.en-US.title): ${untitled.join(', ')}`,
  );
process.exit(all.length ? 1 : 0);

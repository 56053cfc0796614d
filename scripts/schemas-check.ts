/**
 * npm run schemas:check — validates every document under schemas/ against the meta-schema and
 * checks cross references; prints each problem with its file and JSON path; exits 1 on any.
 */
import path from 'node:path';
import { loadCatalog } from '../src/core/document/load';
import { readSchemaFiles } from '../src/server/docs/load-files';

const dir = path.resolve(process.argv[2] ?? 'schemas');
const { files, unreadable } = readSchemaFiles(dir);
const { catalog, problems } = loadCatalog(files);
const all = [...unreadable.map((u) => ({ file: u.file, path: '/', message: u.message })), ...problems];
for (const p of all)
  console.log(`${path.join(path.relative(process.cwd(), dir), p.file)} ${p.path}: ${p.message}`);
console.log(
  `${files.length + unreadable.length} files: ${catalog.entities.size} entity, ${catalog.reports.size} report, ` +
    `${catalog.dictionaries.size} dictionaries, ${catalog.menuGroups.length} menu groups; ${all.length} problem(s)`,
);
process.exit(all.length ? 1 : 0);

import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import entitySchema from '../../../schemas/_meta/entity.schema.json';
import { emptyCatalog, type Catalog, type Problem, type SourceFile } from './catalog';
import type { LoadState } from './kinds/kind';
import { CHECK_ORDER, DOCUMENT_KINDS } from './kinds/registry';
import { upgradeDocument } from './upgrade';

export { emptyCatalog, SECRET_COLUMNS } from './catalog';
export type { Catalog, DictSource, Problem, SourceFile } from './catalog';

let ajv: Ajv | null = null;

/** the validator of a kind's meta-schema (Ajv compiles each schema once and keeps it) */
function validatorOf(schema: object): ValidateFunction {
  if (!ajv) {
    ajv = new Ajv({ allErrors: true, useDefaults: true, strict: false });
    // the report meta-schema refers to the entity one's definitions
    ajv.addSchema(entitySchema);
  }
  return ajv.compile(schema);
}

function ajvProblems(file: string, errors: ErrorObject[] | null | undefined): Problem[] {
  return (errors ?? [])
    .filter((e) => e.keyword !== 'if' && e.keyword !== 'oneOf')
    .map((e) => ({
      file,
      path: e.instancePath || '/',
      message:
        e.message +
        (e.params && 'additionalProperty' in e.params ? `: ${e.params.additionalProperty}` : '') +
        (e.params && 'allowedValues' in e.params
          ? `: ${(e.params.allowedValues as unknown[]).join(', ')}`
          : ''),
    }));
}

/**
 * Validates every document against its kind's meta-schema (filling defaults), upgrades older ones,
 * and checks the cross references (kinds/registry.ts). Documents with problems are left out of the catalog.
 */
export function loadCatalog(files: SourceFile[]): { catalog: Catalog; problems: Problem[] } {
  const catalog = emptyCatalog();
  const problems: Problem[] = [];
  const add = (file: string, path: string, message: string) => problems.push({ file, path, message });
  const state: LoadState = {
    catalog,
    add,
    tables: new Map(),
    prefixes: new Map(),
    apis: new Map(),
    claim: (held, key, code, file, path, what) => {
      const owner = held.get(key);
      if (owner === undefined) held.set(key, code);
      else add(file, path, `${what} is already used by document '${owner}' (${catalog.origin.get(owner)})`);
    },
    sourceCodes: [],
    screenFiles: new Map(),
    unsorted: new Set(),
  };

  // oldest first, so that what a newer file reuses is reported on the newer file
  const byAge = files
    .map((f, i) => ({ f, i }))
    .sort((a, b) => (a.f.created ?? 0) - (b.f.created ?? 0) || a.i - b.i)
    .map((x) => x.f);
  for (const f of byAge) {
    if (!f.json || typeof f.json !== 'object' || Array.isArray(f.json)) {
      add(f.path, '/', 'document must be a JSON object');
      continue;
    }
    const upgraded = upgradeDocument(structuredClone(f.json) as Record<string, unknown>);
    if ('error' in upgraded) {
      add(f.path, '/schemaVersion', upgraded.error);
      continue;
    }
    const doc = upgraded.doc;
    const kind = Object.hasOwn(DOCUMENT_KINDS, String(doc.kind))
      ? DOCUMENT_KINDS[String(doc.kind)]
      : undefined;
    if (!kind) {
      add(
        f.path,
        '/kind',
        `unknown document kind '${String(doc.kind)}' (${Object.keys(DOCUMENT_KINDS).join(', ')})`,
      );
      continue;
    }
    const asWritten = kind.asWritten?.(doc);
    const validate = validatorOf(kind.schema);
    if (!validate(doc)) {
      problems.push(...ajvProblems(f.path, validate.errors));
      continue;
    }
    kind.register(doc, f.path, state, asWritten);
  }
  for (const kind of Object.values(DOCUMENT_KINDS)) kind.claim?.(state);
  for (const name of CHECK_ORDER) DOCUMENT_KINDS[name].check?.(state);
  // documents with problems are dropped so the server never runs half-valid metadata
  for (const p of problems) {
    for (const [code, f] of catalog.origin)
      if (f === p.file) {
        catalog.entities.delete(code);
        catalog.reports.delete(code);
      }
  }
  // the catalog lists documents in file order, whatever their age (routes, menus and tables follow it)
  const position = new Map(files.map((f, i) => [f.path, i]));
  const inFileOrder = <T>(m: Map<string, T>) =>
    new Map(
      [...m].sort(
        ([a], [b]) => position.get(catalog.origin.get(a)!)! - position.get(catalog.origin.get(b)!)!,
      ),
    );
  catalog.entities = inFileOrder(catalog.entities);
  catalog.reports = inFileOrder(catalog.reports);
  return { catalog, problems };
}

import type { Catalog } from '../catalog';

export type Add = (file: string, path: string, message: string) => void;

/** what the documents of every kind share while a catalog loads (load.ts loadCatalog) */
export interface LoadState {
  catalog: Catalog;
  add: Add;
  /** table, permission prefix and API path → the document that claimed it first (the oldest file) */
  tables: Map<string, string>;
  prefixes: Map<string, string>;
  apis: Map<string, string>;
  claim(held: Map<string, string>, key: string, code: string, file: string, path: string, what: string): void;
  /** where each system source's permission codes were declared, checked once every prefix is known */
  sourceCodes: { file: string; path: string; code: string }[];
  /** the file of each hand-written screen's menu entry */
  screenFiles: Map<string, string>;
  /** entities whose document names no list sort (the meta-schema's default fills one in) */
  unsorted: Set<string>;
}

/**
 * A kind of document (its `kind`): the meta-schema it is validated against, how a valid one enters
 * the catalog, and its checks against the others. kinds/registry.ts lists them.
 */
export interface DocumentKind {
  /** the meta-schema (schemas/_meta): it fills in defaults, so it runs before register */
  schema: object;
  /** reads what the document says before the meta-schema fills in its defaults; handed to register */
  asWritten?(doc: Record<string, unknown>): unknown;
  /** a valid document into the catalog, file by file, oldest first */
  register(doc: Record<string, unknown>, file: string, state: LoadState, asWritten: unknown): void;
  /** once every document is in: what it claims that others may not (tables, prefixes, API paths) */
  claim?(state: LoadState): void;
  /** then the cross references, in the registry's CHECK_ORDER */
  check?(state: LoadState): void;
}

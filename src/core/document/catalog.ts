import type { DictionaryDoc, EntityDocument, MenuGroup, MenuScreen, ReportDocument } from './types';

export interface SourceFile {
  /** path relative to the schemas folder, used in problem reports */
  path: string;
  json: unknown;
  /**
   * When the file came into being (ms since the epoch). Of two documents claiming one code, table,
   * permission prefix or API path, the one in the newer file is refused and named, whatever their
   * paths; files without it count in the order given.
   */
  created?: number;
}

export interface Problem {
  file: string;
  /** JSON pointer into the document */
  path: string;
  message: string;
}

export interface Catalog {
  entities: Map<string, EntityDocument>;
  reports: Map<string, ReportDocument>;
  dictionaries: Map<string, DictionaryDoc>;
  menuGroups: MenuGroup[];
  /** menu entries of hand-written screens */
  menuScreens: MenuScreen[];
  /** table → its dictionary columns and who may read them: documents' dictSource and the system list */
  dictSources: Map<string, DictSource>;
  /** which file each entity/report came from (for messages) */
  origin: Map<string, string>;
}

/** a table that may serve as a table dictionary */
export interface DictSource {
  /** the columns a dictionary may name (never a secret one) */
  columns: Set<string>;
  /** column → the permission code a reader needs; a column not here is public to signed-in users */
  permissions: Map<string, string>;
  tree?: { pidField: string; hasChildField?: string };
  /** the entity document over the same table: holding its list permission brings its data rules */
  document?: string;
}

/** columns that never leave the server, whatever a document says */
export const SECRET_COLUMNS = new Set(['password', 'salt']);

export function emptyCatalog(): Catalog {
  return {
    entities: new Map(),
    reports: new Map(),
    dictionaries: new Map(),
    menuGroups: [],
    menuScreens: [],
    dictSources: new Map(),
    origin: new Map(),
  };
}

import type { Expression, SqlBool } from 'kysely';
import type { CurrentUser } from '../context';
import type { Db } from '../db/connect';

type Row = Record<string, unknown>;

/** one insert or update of a document row, seen by its hooks inside the write's transaction */
export interface WriteEvent {
  trx: Db;
  user: CurrentUser;
  id: string;
  /** the request record as sent, virtual fields included */
  input: Row;
  /** column values about to be written; a hook may change them */
  values: Row;
  /** the row before an update (field keys), null on insert */
  existing: Row | null;
}

export interface DeleteEvent {
  trx: Db;
  user: CurrentUser;
  /** every id about to go, tree descendants included */
  ids: string[];
}

/**
 * What the generic CRUD of one document cannot say by itself (hash a password, save a user's roles
 * in the same transaction, refuse to delete the admin role, drop a cache after a write). Registered
 * per document code; the generic routes call them, so there is no hand-written copy of the CRUD.
 */
export interface CrudHooks {
  /** predicates for request parameters the document cannot express as columns (virtual fields) */
  filter?(params: Record<string, unknown>): Expression<SqlBool>[];
  /** adds computed fields (virtual fields) to rows read by list, detail and export */
  read?(rows: Row[]): Promise<void>;
  /** before the row is written, in the transaction: may change values or throw a BizError */
  beforeWrite?(e: WriteEvent): Promise<void>;
  /** after the row is written, in the same transaction (links to other tables) */
  afterWrite?(e: WriteEvent): Promise<void>;
  /** before rows are deleted, in the transaction: may refuse, or remove what points at them */
  beforeDelete?(e: DeleteEvent): Promise<void>;
  /** after a write or delete committed (drop caches) */
  committed?(): void;
}

export class CrudHookRegistry {
  private hooks = new Map<string, CrudHooks>();

  set(code: string, hooks: CrudHooks): void {
    if (this.hooks.has(code)) throw new Error(`hooks for document ${code} registered twice`);
    this.hooks.set(code, hooks);
  }

  get(code: string): CrudHooks {
    return this.hooks.get(code) ?? {};
  }
}

import type { Expression, SqlBool } from 'kysely';
import type { AppContext, CurrentUser } from '../context';
import type { Db } from '../db/connect';
import type { EntityDocument } from '../../core/document/types';

type Row = Record<string, unknown>;

export interface WriteEvent {
  action: 'add' | 'edit' | 'delete';
  /** add: the new id; edit: the row's id; delete: every row deleted (tree descendants included) */
  ids: string[];
  /** add/edit: the column values about to be written; a hook may change them */
  values: Row;
  /** add/edit: the request record as sent, virtual fields included (a user's selectedroles) */
  input?: Row;
  /** edit: the row as it was (field keys) */
  existing?: Row;
  user?: CurrentUser;
  /** the write's transaction: query through it, never ctx.db (PGlite has a single connection) */
  db: Db;
}

/**
 * Behaviour a document needs beyond the generic CRUD (hash a password, save a user's roles in the
 * same transaction, refuse to delete the admin role, fill a generated code, drop a cache). Hooks
 * receive the context instead of closing over it, so one registration serves every server
 * instance in the process.
 */
export interface EntityHooks {
  /** inside the write's transaction, before the row is written or deleted; throw a BizError to refuse */
  beforeWrite?(ctx: AppContext, e: WriteEvent): Promise<void>;
  /** after the commit (caches, notifications) */
  afterWrite?(ctx: AppContext, e: Omit<WriteEvent, 'db'>): Promise<void>;
  /** adds computed fields (virtual fields) to the rows list and detail return */
  read?(ctx: AppContext, rows: Row[]): Promise<void>;
  /** predicates for request parameters the document cannot express as columns (a virtual field's search) */
  filter?(ctx: AppContext, params: Row): Expression<SqlBool>[];
}

const registry = new Map<string, EntityHooks>();

/** registers the hooks of a document code (a later registration replaces an earlier one) */
export function setEntityHooks(code: string, hooks: EntityHooks): void {
  registry.set(code, hooks);
}

export function hooksOf(doc: EntityDocument): EntityHooks {
  return registry.get(doc.code) ?? {};
}

import type { Condition } from '../document/conditions';
import type { Catalog } from '../document/catalog';
import { entityColumns } from '../document/model';
import type { EntityDocument } from '../document/types';

/**
 * where a declared action shows: a row's action column (runs on that row), the toolbar beside
 * 新增 (runs with no row) and the batch menu (runs on the selected rows)
 */
export const ACTION_PLACES = ['row', 'toolbar', 'bulk'] as const;
export type ActionPlace = (typeof ACTION_PLACES)[number];

/**
 * A document's action (its `actions`): a button with a label, the permission code it needs, when
 * it shows and is enabled (json-logic over the row), a confirmation, and what it does — its kind,
 * registered once (src/core/actions/registry.ts) with the kind's own settings under `params`.
 */
export interface ActionDoc {
  key: string;
  label: string;
  /** one place, or several for one button shown in each */
  place: ActionPlace | ActionPlace[];
  kind: string;
  /**
   * the permission code, after the document's prefix (e.g. 'release' for system:announcement:release);
   * none for a kind whose operations are every signed-in user's (see ActionOperation)
   */
  permission?: string;
  /** asked before running */
  confirm?: string;
  /** asked in the batch menu instead, `{count}` being the number of selected rows */
  confirmBulk?: string;
  danger?: boolean;
  /** a toolbar or batch button's icon, by its antd name (lock, sync: renderers/common/menu-icons.tsx) */
  icon?: string;
  /** shown for a row only when this holds (json-logic over the row's values) */
  visible?: Condition;
  /** on a row, the button is enabled only when this holds (shown disabled otherwise) */
  enabled?: Condition;
  params?: Record<string, unknown>;
}

/** the places an action shows in, as a list */
export const placesOf = (a: ActionDoc): ActionPlace[] => ([] as ActionPlace[]).concat(a.place);

/** the keys a row of the document carries (its columns and its fields, virtual ones too): what an action may read of it */
export const rowKeys = (e: EntityDocument) =>
  new Set([...entityColumns(e).map((c) => c.key), ...e.fields.map((f) => f.key)]);

/** a title (a drawer's, a dialog's) with each `{field}` replaced by the row's value */
export const rowTitle = (title: string, row: Record<string, unknown>) =>
  title.replace(/\{(\w+)\}/g, (_, k: string) => String(row[k] ?? ''));

/**
 * A server operation an action runs: a route the server must declare, guarded by the action's own
 * code ('action'), by the document's 编辑 code ('edit': an action that changes the row's fields as
 * 编辑 does, such as 分配用户), open to every signed-in user ('session': the checks forms make as one
 * types), or guarded by another screen's code it shares ({perm}: the menu tree both 授权 read).
 */
export interface ActionOperation {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  access: 'action' | 'edit' | 'session' | { perm: string };
}

/** a kind's declaration: where it shows, what it checks of an action when documents load, what it runs */
export interface ActionKindDef {
  places: readonly ActionPlace[];
  /**
   * problems with the action's params (in the document that declares it, among the catalog's
   * documents), each as [path under the action, message]
   */
  check: (action: ActionDoc, doc: EntityDocument, catalog: Catalog) => [string, string][];
  /**
   * the operations an action with sound params runs: the server refuses to start until it declares
   * each (src/server/http/declared-actions.ts), and the action needs a code of its own when one is
   * guarded by it
   */
  operations: (action: ActionDoc) => ActionOperation[];
}

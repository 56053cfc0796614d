import type { Condition } from '../document/conditions';
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
  /** the permission code, after the document's prefix (e.g. 'release' for system:announcement:release) */
  permission: string;
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

/** a server route an action runs, which the server must declare under the action's code */
export interface ActionRoute {
  method: string;
  url: string;
}

/** a kind's declaration: where its buttons may show, what it checks of an action when documents load */
export interface ActionKindDef {
  places: readonly ActionPlace[];
  /** problems with the action's params (in the document that declares it), each as [path under the action, message] */
  check: (action: ActionDoc, doc: EntityDocument) => [string, string][];
  /** the server route the action runs, if any (src/server/http/declared-actions.ts holds it to one) */
  route?: (action: ActionDoc) => ActionRoute;
}

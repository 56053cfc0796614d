import type { Condition } from '../document/conditions';

/** where a declared action shows: a row's action column (more places come with their kinds' use) */
export const ACTION_PLACES = ['row'] as const;
export type ActionPlace = (typeof ACTION_PLACES)[number];

/**
 * A document's action (its `actions`): a button with a label, the permission code it needs, when
 * it shows and is enabled (json-logic over the row), a confirmation, and what it does — its kind,
 * registered once (src/core/actions/registry.ts) with the kind's own settings under `params`.
 */
export interface ActionDoc {
  key: string;
  label: string;
  place: ActionPlace;
  kind: string;
  /** the permission code, after the document's prefix (e.g. 'release' for system:announcement:release) */
  permission: string;
  confirm?: string;
  danger?: boolean;
  /** shown for a row only when this holds (json-logic over the row's values) */
  visible?: Condition;
  params?: Record<string, unknown>;
}

/** a kind's declaration: what it checks of an action when documents load */
export interface ActionKindDef {
  /** problems with the action's params, each as [path under the action, message] */
  check: (action: ActionDoc) => [string, string][];
}

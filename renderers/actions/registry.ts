import { drawerParams } from '../../src/core/actions/drawer';
import type { ActionKind } from '../../src/core/actions/registry';
import type { ActionDoc } from '../../src/core/actions/types';
import type { EntityDocument } from '../../src/core/document/types';
import { hasPermission } from '../../src/core/permission';
import { holdsDocumentMenu } from '../common/use-permissions';
import type { Holder, RunAction } from './types';

/**
 * The browser's part of each action kind (src/core/actions/registry.ts), loaded when a button of
 * that kind is first pressed: a list pays nothing for the kinds it shows. Complete by type: a kind
 * registered in core without its part here does not compile.
 */
export const ACTION_PARTS = {
  call: () => import('./call'),
  form: () => import('./form'),
  try: () => import('./try'),
  share: () => import('./share'),
  grant: () => import('./grant'),
  drawer: () => import('./drawer'),
  members: () => import('./members'),
} satisfies Record<ActionKind, () => Promise<{ default: RunAction }>>;

/**
 * What a kind's button needs of the user beyond the action's code, for the kinds that need more:
 * a drawer shows another document's list, so only to a user who holds that list (its menu); a
 * members action changes the row, so only to a user who may edit it (its routes' code).
 */
export const ACTION_HOLDS: Partial<
  Record<ActionKind, (action: ActionDoc, doc: EntityDocument, holder: Holder) => boolean>
> = {
  drawer: (action, _doc, { menu }) => holdsDocumentMenu(menu, drawerParams(action).document),
  members: (_action, doc, { grants }) => hasPermission(grants, `${doc.permission}edit`),
};

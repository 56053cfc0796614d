import { drawerParams } from '../../src/core/actions/drawer';
import type { ActionKind } from '../../src/core/actions/registry';
import type { ActionDoc } from '../../src/core/actions/types';
import { holdsDocumentMenu } from '../common/use-permissions';
import type { MenuEntry } from '../providers';
import type { RunAction } from './types';

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
} satisfies Record<ActionKind, () => Promise<{ default: RunAction }>>;

/**
 * What a kind's button needs of the user beyond the action's code, for the kinds that need more:
 * a drawer shows another document's list, so only to a user who holds that list (its menu).
 */
export const ACTION_HOLDS: Partial<
  Record<ActionKind, (action: ActionDoc, menu: readonly MenuEntry[]) => boolean>
> = {
  drawer: (action, menu) => holdsDocumentMenu(menu, drawerParams(action).document),
};

import type { ActionKind } from '../../src/core/actions/registry';
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
} satisfies Record<ActionKind, () => Promise<{ default: RunAction }>>;

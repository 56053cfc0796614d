import type { SlotName } from '../../src/core/fields/slot';
import type { SlotLoader } from './types';

/**
 * The browser's drawing of every slot a document may name (column type slot), registered
 * once under its name (core's list is src/core/fields/slot.ts). A leaf like renderers/fields/registry.ts:
 * it imports no code, only names modules to load when a cell first shows one, and the `satisfies`
 * makes a name core registers without a drawing here a compile error.
 */
export const SLOT_PARTS = {
  rowStatus: () => import('./row-status'),
} satisfies Record<SlotName, SlotLoader>;

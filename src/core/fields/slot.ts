import { defineType } from './families';

/**
 * The slots a document may name (column type slot): each a drawing the browser registers
 * under this name (renderers/slots/registry.ts maps it to a lazily loaded component). Documents are
 * data, so a slot cell names one of these and never carries code; the meta-schema's enum is written
 * from this list (npm run schemas:meta) and schemas:check refuses any other name.
 */
export const SLOT_NAMES = ['rowStatus'] as const;
export type SlotName = (typeof SLOT_NAMES)[number];

export function isSlotName(name: unknown): name is SlotName {
  return (SLOT_NAMES as readonly unknown[]).includes(name);
}

/**
 * A cell drawn by a registered slot instead of a built-in editor. The field may keep a
 * value (a text column) or, `virtual`, none: the slot then draws from the rest of the row.
 */
export const slot = defineType({
  db: { type: 'string' },
  search: [],
  checkField: (field) => {
    if (!field.slot) return 'a slot field names the drawing it is shown with: give slot';
    return isSlotName(field.slot)
      ? null
      : `slot '${field.slot}' is not registered (registered: ${SLOT_NAMES.join(', ')})`;
  },
});

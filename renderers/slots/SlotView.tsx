import { Suspense } from 'react';
import type { FieldDoc } from '../../src/core/document/types';
import { isSlotName } from '../../src/core/fields/slot';
import { partComponent } from '../common/lazy-parts';
import { SLOT_PARTS } from './registry';

/**
 * A slot field's cell: the drawing its `slot` names, loaded the first time one shows. Only a
 * registered name is drawn (schemas:check refuses any other, src/core/fields/slot.ts).
 */
export function SlotView({ field, row }: { field: FieldDoc; row: Record<string, unknown> }) {
  if (!isSlotName(field.slot)) return null;
  const Slot = partComponent(SLOT_PARTS[field.slot]);
  return (
    <Suspense fallback={null}>
      <Slot field={field} row={row} value={row[field.key]} />
    </Suspense>
  );
}

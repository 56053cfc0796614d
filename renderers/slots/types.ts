import type { ComponentType } from 'react';
import type { FieldDoc } from '../../src/core/document/types';
import type { PartLoader } from '../common/lazy-parts';

/** what a slot draws from: its field, the row (a grid's row, a list's record, a form's record) and the field's value */
export interface SlotProps {
  field: FieldDoc;
  row: Record<string, unknown>;
  value: unknown;
}

/** a registered slot: a loader of its component, loaded when a screen first draws it */
export type SlotLoader = PartLoader<ComponentType<SlotProps>>;

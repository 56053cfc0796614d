import { SlotView } from '../../slots/SlotView';
import type { GridEditorProps } from '../types';

/** slot's grid cell: its registered drawing of the row, instead of an editor */
export default function SlotCell({ field, row }: GridEditorProps) {
  return (
    <span aria-label={field.title}>
      <SlotView field={field} row={row ?? {}} />
    </span>
  );
}

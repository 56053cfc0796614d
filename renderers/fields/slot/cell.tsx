import { SlotView } from '../../slots/SlotView';
import type { CellProps } from '../types';

/** slot's list cell: the same drawing as in the grid, of the list's record */
export default function SlotListCell({ field, row }: CellProps) {
  return <SlotView field={field} row={row} />;
}

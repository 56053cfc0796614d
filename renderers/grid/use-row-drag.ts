import { useRef, useState, type DragEvent } from 'react';

/**
 * Drag sort of the grid's rows with the browser's own drag and drop (no library): a row's handle
 * starts the drag, the row it is dropped on gives the index it lands at. Only the rows in view are
 * drawn, so the row dragged from may be gone by the drop: its index is kept here, not on the row.
 */
export function useRowDrag(onDrop: (from: number, to: number) => void) {
  const from = useRef<number | null>(null);
  const [over, setOver] = useState<number | null>(null);
  const end = () => {
    from.current = null;
    setOver(null);
  };
  return {
    /** the row being dragged over, and whether the dragged row lands below it (it came from above) */
    over: over === null ? null : { index: over, below: (from.current ?? over) < over },
    handle: (index: number) => ({
      draggable: true,
      onDragStart: (e: DragEvent) => {
        from.current = index;
        e.dataTransfer.effectAllowed = 'move';
        e.dataTransfer.setData('text/plain', String(index));
      },
      onDragEnd: end,
    }),
    target: (index: number) => ({
      onDragOver: (e: DragEvent) => {
        if (from.current === null) return;
        e.preventDefault();
        e.dataTransfer.dropEffect = 'move';
        if (over !== index) setOver(index);
      },
      onDrop: (e: DragEvent) => {
        if (from.current === null) return;
        e.preventDefault();
        onDrop(from.current, index);
        end();
      },
    }),
  };
}

import { useEffect, useState, type RefObject } from 'react';

/** the cell being edited in click-to-edit mode */
export interface EditingCell {
  rowId: string;
  key: string;
}

/**
 * Click-to-edit cells (non-always-edit): a click makes a cell an editor; a press anywhere
 * else in the grid's dialog turns it back to text, keeping its value. Presses in pop-ups the
 * editor opened (drop-downs, pickers: drawn outside the dialog) leave it open.
 */
export function useClickToEdit(grid: RefObject<HTMLElement | null>, left: (cell: EditingCell) => void) {
  const [editing, setEditing] = useState<EditingCell | null>(null);
  useEffect(() => {
    if (!editing) return;
    const press = (e: MouseEvent) => {
      const target = e.target as Element;
      const root = grid.current?.closest('.ant-modal') ?? grid.current;
      if (!root?.contains(target) || target.closest('[data-editing]')) return;
      setEditing(null);
      left(editing);
    };
    document.addEventListener('mousedown', press, true);
    return () => document.removeEventListener('mousedown', press, true);
  }, [editing, grid, left]);
  useEffect(() => {
    // the editor just drawn takes the focus, so typing goes on from the click
    if (editing)
      grid.current?.querySelector<HTMLElement>('[data-editing] input, [data-editing] .ant-select')?.focus();
  }, [editing, grid]);
  return {
    editing,
    isEditing: (rowId: string, key: string) => editing?.rowId === rowId && editing.key === key,
    edit: (rowId: string, key: string) => setEditing({ rowId, key }),
    stop: () => setEditing(null),
  };
}

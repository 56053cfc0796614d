import {
  memo,
  useState,
  type ComponentType,
  type DragEvent,
  type KeyboardEvent,
  type RefObject,
} from 'react';
import { Checkbox } from 'antd';
import { HolderOutlined, WarningOutlined } from '@ant-design/icons';
import type { FieldDoc } from '../../src/core/document/types';
import type { DictOption } from '../common/dict';
import { TreeToggle, type NodeState } from '../common/TreeToggle';
import type { GridEditorProps } from '../fields/types';
import { cellKey, type GridRow } from './grid-model';
import { ShownCell } from './ShownCell';
import styles from './EditableGrid.module.css';
import { t } from './messages';

/** what a row asks of the grid; held in a ref the grid renews every render, so rows need not redraw for it */
export interface RowActions {
  toggle: (rowId: string, checked: boolean) => void;
  setCell: (rowId: string, key: string, value: unknown) => void;
  blurred: (rowId: string, key: string) => void;
  edit: (rowId: string, key: string) => void;
  /** a cell took the focus: the value Escape puts back */
  entered: (value: unknown) => void;
  keys: (e: KeyboardEvent<HTMLTableCellElement>, index: number, key: string) => void;
  dragStart: (index: number, e: DragEvent) => void;
  dragEnd: () => void;
  dragOver: (index: number, e: DragEvent) => void;
  drop: (index: number, e: DragEvent) => void;
  /** a tree row's expand button */
  expand: (rowId: string) => void;
}

interface Props {
  index: number;
  /** px, as the grid's virtual rows count it */
  height: number;
  row: GridRow;
  fields: FieldDoc[];
  editors: ComponentType<GridEditorProps>[];
  options: Record<string, DictOption[]>;
  /** a prefix of the cells' ids */
  name: string;
  errors: Record<string, string>;
  checked: boolean;
  /** the disabled-rows rule locks it */
  locked: boolean;
  /** edited here and saved elsewhere since */
  stale: boolean;
  /** its cells may change (the edit grant, or a row not saved yet) */
  editable: boolean;
  readOnly: boolean;
  /** the grid has a drag column; `canDrag`: this row has a handle in it */
  dragColumn: boolean;
  canDrag: boolean;
  /** a dragged row is over this one: where it would land */
  drop: 'above' | 'below' | null;
  /** the key of its click-to-edit cell being edited */
  editing: string | null;
  act: RefObject<RowActions>;
  /** the grid is not scrolling just now */
  settled: boolean;
  /** in a tree grid: the row's branch state (null otherwise), its depth, the name its button says */
  node: NodeState | null;
  depth: number;
  nodeName: string;
}

/** redraws for a change of any prop but `settled`, and when scrolling stops (a row drawn as text goes live) */
function sameRow(a: Props, b: Props): boolean {
  if (!a.settled && b.settled) return false;
  return (Object.keys(b) as (keyof Props)[]).every((k) => k === 'settled' || a[k] === b[k]);
}

/**
 * One grid row. Memoised: while the grid scrolls only the rows coming into view are drawn, the
 * others keep their editors as they are (what keeps scrolling at frame rate).
 */
export const GridRowView = memo(function GridRowView(p: Props) {
  const { index, row, act } = p;
  // a row coming into view while the grid scrolls shows its values as text until the scrolling
  // stops: mounting a row of editors each frame is what drops frames; once live it stays live
  const [live, setLive] = useState(p.settled);
  if (p.settled && !live) setLive(true);
  const rowClass = [
    p.locked && styles.locked,
    p.stale && styles.stale,
    p.drop === 'above' && styles.dropAbove,
    p.drop === 'below' && styles.dropBelow,
  ];
  return (
    <tr
      data-row={index}
      data-locked={p.locked || undefined}
      className={rowClass.filter(Boolean).join(' ') || undefined}
      style={{ height: p.height }}
      onDragOver={p.dragColumn ? (e) => act.current.dragOver(index, e) : undefined}
      onDrop={p.dragColumn ? (e) => act.current.drop(index, e) : undefined}
    >
      <td className={styles.narrow}>
        <Checkbox
          aria-label={t('selectRow', { row: index + 1 })}
          checked={p.checked}
          disabled={p.locked}
          onChange={(e) => act.current.toggle(row.id, e.target.checked)}
        />
      </td>
      {p.dragColumn && (
        <td className={styles.handle}>
          {p.canDrag && (
            <span
              className={styles.grip}
              role="button"
              aria-label={t('dragRow', { row: index + 1 })}
              draggable
              onDragStart={(e) => act.current.dragStart(index, e)}
              onDragEnd={() => act.current.dragEnd()}
            >
              <HolderOutlined />
            </span>
          )}
        </td>
      )}
      <td className={styles.narrow} title={p.stale ? t('changedElsewhere') : undefined}>
        {p.stale && <WarningOutlined className={styles.staleIcon} aria-label={t('changedElsewhere')} />}
        {index + 1}
      </td>
      {p.fields.map((f, c) => {
        const Editor = p.editors[c];
        const message = p.errors[cellKey(row.id, f.key)];
        const disabled = p.readOnly || f.readonly || p.locked || !p.editable;
        // non-always-edit: text until clicked, text again after a click outside
        const atRest = f.alwaysEdit === false && p.editing !== f.key;
        const content =
          atRest || !live ? (
            <ShownCell field={f} row={row} options={p.options[f.key]} />
          ) : (
            <Editor
              id={`${p.name}_${index}_${f.key}`}
              field={f}
              value={row[f.key]}
              options={p.options[f.key]}
              invalid={Boolean(message)}
              disabled={disabled}
              row={row}
              onChange={(v) => act.current.setCell(row.id, f.key, v)}
              onFill={(values) =>
                Object.entries(values).forEach(([k, v]) => act.current.setCell(row.id, k, v))
              }
              onBlur={() => act.current.blurred(row.id, f.key)}
            />
          );
        return (
          <td
            key={f.key}
            data-cell={`${index}:${f.key}`}
            data-editing={(f.alwaysEdit === false && !atRest) || undefined}
            className={atRest && !disabled ? styles.clickable : undefined}
            title={message}
            onClick={atRest && !disabled ? () => act.current.edit(row.id, f.key) : undefined}
            onFocus={() => act.current.entered(row[f.key])}
            onKeyDown={(e) => act.current.keys(e, index, f.key)}
          >
            {c === 0 && p.node ? (
              <div className={styles.treeCell}>
                <TreeToggle
                  depth={p.depth}
                  state={p.node}
                  name={p.nodeName}
                  onToggle={() => act.current.expand(row.id)}
                />
                {content}
              </div>
            ) : (
              content
            )}
            {message && (
              <div className={styles.error} role="alert">
                {message}
              </div>
            )}
          </td>
        );
      })}
    </tr>
  );
}, sameRow);

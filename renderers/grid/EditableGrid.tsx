import { useCallback, useEffect, useMemo, useRef, type KeyboardEvent } from 'react';
import { Alert, Checkbox, Empty } from 'antd';
import type { DictOption } from '../common/dict';
import { partsOf } from '../fields/parts';
import { editorOf } from './editors';
import { orderField } from '../../src/core/document/model';
import { formatStatistic, isRequiredCell, statistic } from './grid-model';
import { GridRowView, type RowActions } from './GridRowView';
import { GridToolbar } from './GridToolbar';
import { useClickToEdit, type EditingCell } from './use-click-to-edit';
import type { Grid } from './use-grid';
import type { GridTree } from './use-grid-tree';
import { useRowDrag } from './use-row-drag';
import { VirtualRows } from './VirtualRows';
import styles from './EditableGrid.module.css';
import { t } from './messages';

/** a row with its editors and the message line under them (rows are tall) */
export const ROW_HEIGHT = 56;
/** the grid scrolls past this height */
const MAX_HEIGHT = 400;
/** rows drawn above and below the visible ones (about 9 around the scroll position) */
const OVERSCAN = 4;

interface Props {
  grid: Grid;
  /** each field's dictionary options by key */
  options: Record<string, DictOption[]>;
  /** a prefix of the cells' ids, unique in the page */
  name: string;
  readOnly?: boolean;
  /** what the user may do to the sub-table's records (its grants): add rows, change or delete saved ones */
  rights?: GridRights;
  /** a tree sub-table's rows: only the open branches are in view */
  tree?: GridTree;
}

export interface GridRights {
  add: boolean;
  edit: boolean;
  delete: boolean;
}

const ALL_RIGHTS: GridRights = { add: true, edit: true, delete: true };

/**
 * The editable grid ("Editable table"): every cell an editor of its field's type, checked
 * by the field's rules as it changes and on save; a toolbar to add, insert, move and delete rows;
 * a statistics row; only the rows in view are drawn, so ten thousand rows stay light.
 */
export function EditableGrid({ grid, options, name, readOnly = false, rights = ALL_RIGHTS, tree }: Props) {
  const { fields, selected, errors } = grid;
  const rows = useMemo(() => (tree ? tree.shown.map((n) => n.row) : grid.rows), [tree, grid.rows]);
  const rowsRef = useRef(rows);
  rowsRef.current = rows;
  const box = useRef<HTMLDivElement>(null);
  const scroller = useRef<HTMLDivElement>(null);
  const scrollTo = useRef<((index: number) => void) | null>(null);
  const editors = useMemo(() => fields.map(editorOf), [fields]);
  const stats = fields.some((f) => f.statistics);
  // a drag column when the rows have an order; dragging renumbers saved rows like a move
  // a tree's rows move among their siblings with 上移 / 下移 only
  const draggable = !readOnly && !tree && orderField(fields) !== undefined;
  const drag = useRowDrag(grid.drag);
  const { blurred } = grid;
  const left = useCallback(({ rowId, key }: EditingCell) => blurred(rowId, key), [blurred]);
  const clickToEdit = useClickToEdit(box, left);

  /**
   * a grid's tab shown just now (or a tree branch just opened) draws its rows a few frames later:
   * tried again until it has
   */
  const focusCell = (rowId: string, key: string, frames = 30) => {
    const row = rowsRef.current.findIndex((r) => r.id === rowId);
    if (row >= 0) scrollTo.current?.(row);
    requestAnimationFrame(() => {
      const input = scroller.current?.querySelector<HTMLElement>(
        `[data-cell="${row}:${key}"] input, [data-cell="${row}:${key}"] .ant-select`,
      );
      if (input && row >= 0) input.focus();
      else if (frames > 0) focusCell(rowId, key, frames - 1);
    });
  };
  useEffect(() => {
    // a frame later: a save refused from another tab shows this grid's tab first
    grid.reveal.current = ({ row, key }) => {
      const rowId = grid.rows[row]?.id;
      if (!rowId) return;
      tree?.reveal(rowId);
      requestAnimationFrame(() => focusCell(rowId, key));
    };
  });

  /** Enter goes down a column (a drop-down keeps its Enter); Escape restores the value the cell had */
  const keys = (e: KeyboardEvent<HTMLTableCellElement>, row: number, key: string, before: unknown) => {
    const target = e.target as HTMLElement;
    if (e.key === 'Escape') {
      // not the modal's Escape; blurred first, so a number cell's draft does not win over the restore
      e.stopPropagation();
      target.blur();
      grid.setCell(rows[row].id, key, before);
      clickToEdit.stop();
    } else if (e.key === 'Enter' && !target.closest('.ant-select, .ant-picker') && row + 1 < rows.length) {
      e.preventDefault();
      focusCell(rows[row + 1].id, key);
    }
  };
  const focused = useRef<unknown>(undefined);
  const actions: RowActions = {
    toggle: (rowId, checked) =>
      grid.select(checked ? [...selected, rowId] : selected.filter((id) => id !== rowId)),
    setCell: grid.setCell,
    blurred: grid.blurred,
    edit: clickToEdit.edit,
    entered: (value) => (focused.current = value),
    keys: (e, row, key) => keys(e, row, key, focused.current),
    dragStart: (index, e) => drag.handle(index).onDragStart(e),
    dragEnd: () => drag.handle(0).onDragEnd(),
    dragOver: (index, e) => drag.target(index).onDragOver(e),
    drop: (index, e) => drag.target(index).onDrop(e),
    expand: (rowId) => tree?.toggle(rowId),
  };
  const act = useRef(actions);
  act.current = actions;

  const selectable = rows.filter((r) => !grid.isDisabled(r.id));
  const allChecked = selectable.length > 0 && selected.length === selectable.length;
  const staleRows = rows.flatMap((r, i) => (grid.stale.includes(r.id) ? [i + 1] : []));

  return (
    <div ref={box} className={styles.grid}>
      {!readOnly && <GridToolbar grid={grid} rights={rights} tree={tree} />}
      {staleRows.length > 0 && (
        <Alert
          className={styles.toolbar}
          type="warning"
          showIcon
          title={t('rowsSay', { rows: staleRows.join(t('listSeparator')), message: t('changedElsewhere') })}
        />
      )}
      <div ref={scroller} className={styles.scroller} style={{ maxHeight: MAX_HEIGHT }} data-grid-scroller>
        <table className={styles.table}>
          <thead>
            <tr>
              <th className={styles.narrow}>
                <Checkbox
                  aria-label={t('selectAll')}
                  checked={allChecked}
                  indeterminate={selected.length > 0 && !allChecked}
                  onChange={(e) => grid.select(e.target.checked ? selectable.map((r) => r.id) : [])}
                />
              </th>
              {draggable && <th className={styles.handle} aria-label={t('dragToSort')} />}
              <th className={styles.narrow}>#</th>
              {fields.map((f) => (
                <th key={f.key} style={{ minWidth: f.width ?? partsOf(f).gridWidth ?? 140 }}>
                  {isRequiredCell(f) && <span className={styles.star}>*</span>}
                  {f.title}
                </th>
              ))}
            </tr>
          </thead>
          <VirtualRows
            count={rows.length}
            rowHeight={ROW_HEIGHT}
            scroller={scroller}
            maxHeight={MAX_HEIGHT}
            overscan={OVERSCAN}
            scrollTo={scrollTo}
            row={(i, settled) => {
              const row = rows[i];
              const locked = grid.isDisabled(row.id);
              return (
                <GridRowView
                  key={row.id}
                  index={i}
                  height={ROW_HEIGHT}
                  row={row}
                  fields={fields}
                  editors={editors}
                  options={options}
                  name={name}
                  errors={errors}
                  checked={selected.includes(row.id)}
                  locked={locked}
                  stale={grid.stale.includes(row.id)}
                  editable={rights.edit || !grid.isSaved(row.id)}
                  readOnly={readOnly}
                  dragColumn={draggable}
                  canDrag={draggable && rights.edit && !locked}
                  drop={drag.over?.index === i ? (drag.over.below ? 'below' : 'above') : null}
                  editing={clickToEdit.editing?.rowId === row.id ? clickToEdit.editing.key : null}
                  act={act}
                  settled={settled}
                  node={tree ? tree.shown[i].state : null}
                  depth={tree ? tree.shown[i].depth : 0}
                  nodeName={tree ? String(row[tree.textField] ?? '') : ''}
                />
              );
            }}
          />
          {stats && rows.length > 0 && (
            <tfoot>
              <tr className={styles.stats}>
                <td className={styles.narrow} />
                {draggable && <td className={styles.handle} />}
                <td className={styles.narrow}>
                  {[...new Set(fields.map((f) => f.statistics).filter((k) => k !== undefined))]
                    .map((k) => t(k)) // a statistic's name is its word's key
                    .join('/')}
                </td>
                {fields.map((f) => {
                  const n = statistic(f, grid.rows);
                  return (
                    <td key={f.key} data-stat={f.key}>
                      {n === null ? '' : formatStatistic(n)}
                    </td>
                  );
                })}
              </tr>
            </tfoot>
          )}
        </table>
        {!rows.length && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('empty')} />}
      </div>
    </div>
  );
}

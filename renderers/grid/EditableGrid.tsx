import { useEffect, useRef, type ComponentType, type KeyboardEvent } from 'react';
import { Button, Checkbox, Empty, Popconfirm, Space } from 'antd';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { FieldDoc } from '../../src/core/document/types';
import type { DictOption } from '../common/dict';
import { hasOptions } from '../common/dict';
import { rendererOf } from '../fields/registry';
import type { GridEditorProps } from '../fields/types';
import { NumberCell, OptionCell, TextCell } from './cells';
import { cellKey, formatStatistic, isNumberField, isRequiredCell, statistic } from './grid-model';
import type { Grid } from './use-grid';
import styles from './EditableGrid.module.css';

/** a row with its editors and the message line under them (spec 6: rows are tall) */
export const ROW_HEIGHT = 56;
/** spec 6: the grid scrolls past this height */
const MAX_HEIGHT = 400;
/** rows drawn above and below the visible ones (spec 6: about 9 around the scroll position) */
const OVERSCAN = 4;

const STATISTIC_LABEL = { sum: '合计', average: '平均' } as const;

/** the cell editor of a field's type (the field registry's), else by what the field holds */
function editorOf(field: FieldDoc): ComponentType<GridEditorProps> {
  const own = rendererOf(field).gridEditor;
  if (own) return own;
  if (hasOptions(field)) return OptionCell;
  return isNumberField(field) ? NumberCell : TextCell;
}

interface Props {
  grid: Grid;
  /** each field's dictionary options by key */
  options: Record<string, DictOption[]>;
  /** a prefix of the cells' ids, unique in the page */
  name: string;
  readOnly?: boolean;
  /** what the user may do to the sub-table's records (its grants): add rows, change or delete saved ones */
  rights?: GridRights;
}

export interface GridRights {
  add: boolean;
  edit: boolean;
  delete: boolean;
}

const ALL_RIGHTS: GridRights = { add: true, edit: true, delete: true };

/**
 * The editable grid (spec 4 "Editable table"): every cell an editor of its field's type, checked
 * by the field's rules as it changes and on save; a toolbar to add, insert, move and delete rows;
 * a statistics row; only the rows in view are drawn, so ten thousand rows stay light.
 */
export function EditableGrid({ grid, options, name, readOnly = false, rights = ALL_RIGHTS }: Props) {
  const { fields, rows, selected, errors } = grid;
  const scroller = useRef<HTMLDivElement>(null);
  const virtual = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: OVERSCAN,
    initialRect: { width: 800, height: MAX_HEIGHT },
  });
  const editors = fields.map(editorOf);
  const stats = fields.some((f) => f.statistics);
  const index = selected.length === 1 ? rows.findIndex((r) => r.id === selected[0]) : -1;
  // a move renumbers saved rows too; removing a saved row deletes a record
  const movable = index >= 0 && rights.edit;
  const removable = selected.length > 0 && (rights.delete || !selected.some(grid.isSaved));

  /** a grid's tab shown just now draws its rows a few frames later: tried again until it has */
  const focusCell = (row: number, key: string, frames = 30) => {
    virtual.scrollToIndex(row, { align: 'auto' });
    requestAnimationFrame(() => {
      const input = scroller.current?.querySelector<HTMLElement>(
        `[data-cell="${row}:${key}"] input, [data-cell="${row}:${key}"] .ant-select`,
      );
      if (input) input.focus();
      else if (frames > 0) focusCell(row, key, frames - 1);
    });
  };
  useEffect(() => {
    // a frame later: a save refused from another tab shows this grid's tab first
    grid.reveal.current = ({ row, key }) => requestAnimationFrame(() => focusCell(row, key));
  });

  /** Enter goes down a column (a drop-down keeps its Enter); Escape restores the value the cell had */
  const keys = (e: KeyboardEvent<HTMLTableCellElement>, row: number, key: string, before: unknown) => {
    const target = e.target as HTMLElement;
    if (e.key === 'Escape') {
      // not the modal's Escape; blurred first, so a number cell's draft does not win over the restore
      e.stopPropagation();
      target.blur();
      grid.setCell(rows[row].id, key, before);
    } else if (e.key === 'Enter' && !target.closest('.ant-select, .ant-picker') && row + 1 < rows.length) {
      e.preventDefault();
      focusCell(row + 1, key);
    }
  };
  const focused = useRef<unknown>(undefined);

  const allChecked = rows.length > 0 && selected.length === rows.length;
  const items = virtual.getVirtualItems();
  const top = items[0]?.start ?? 0;
  const bottom = items.length ? virtual.getTotalSize() - items[items.length - 1].end : 0;

  return (
    <div className={styles.grid}>
      {!readOnly && (
        <Space className={styles.toolbar} wrap>
          {rights.add && (
            <>
              <Button type="primary" onClick={() => grid.add()}>
                新增
              </Button>
              <Button disabled={index < 0} onClick={() => grid.add(true)}>
                插入
              </Button>
            </>
          )}
          <Button disabled={!movable || index === 0} onClick={() => grid.move(-1)}>
            上移
          </Button>
          <Button disabled={!movable || index >= rows.length - 1} onClick={() => grid.move(1)}>
            下移
          </Button>
          <Popconfirm
            title={`确定删除选中的${selected.length}行吗?`}
            okText="确定"
            cancelText="取消"
            disabled={!removable}
            onConfirm={grid.removeSelected}
          >
            <Button danger disabled={!removable}>
              删除
            </Button>
          </Popconfirm>
          {selected.length > 0 && <span className={styles.count}>已选择 {selected.length} 行</span>}
        </Space>
      )}
      <div ref={scroller} className={styles.scroller} style={{ maxHeight: MAX_HEIGHT }} data-grid-scroller>
        <table className={styles.table}>
          <thead>
            <tr>
              <th className={styles.narrow}>
                <Checkbox
                  aria-label="全选"
                  checked={allChecked}
                  indeterminate={selected.length > 0 && !allChecked}
                  onChange={(e) => grid.select(e.target.checked ? rows.map((r) => r.id) : [])}
                />
              </th>
              <th className={styles.narrow}>#</th>
              {fields.map((f) => (
                <th key={f.key} style={{ minWidth: f.width ?? rendererOf(f).gridWidth ?? 140 }}>
                  {isRequiredCell(f) && <span className={styles.star}>*</span>}
                  {f.title}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {top > 0 && <tr style={{ height: top }} aria-hidden />}
            {items.map((item) => {
              const row = rows[item.index];
              const checked = selected.includes(row.id);
              return (
                <tr key={row.id} data-row={item.index} style={{ height: ROW_HEIGHT }}>
                  <td className={styles.narrow}>
                    <Checkbox
                      aria-label={`选择第${item.index + 1}行`}
                      checked={checked}
                      onChange={(e) =>
                        grid.select(
                          e.target.checked ? [...selected, row.id] : selected.filter((id) => id !== row.id),
                        )
                      }
                    />
                  </td>
                  <td className={styles.narrow}>{item.index + 1}</td>
                  {fields.map((f, c) => {
                    const Editor = editors[c];
                    const message = errors[cellKey(row.id, f.key)];
                    return (
                      <td
                        key={f.key}
                        data-cell={`${item.index}:${f.key}`}
                        title={message}
                        onFocus={() => (focused.current = row[f.key])}
                        onKeyDown={(e) => keys(e, item.index, f.key, focused.current)}
                      >
                        <Editor
                          id={`${name}_${item.index}_${f.key}`}
                          field={f}
                          value={row[f.key]}
                          options={options[f.key]}
                          invalid={Boolean(message)}
                          disabled={readOnly || f.readonly || (!rights.edit && grid.isSaved(row.id))}
                          row={row}
                          onChange={(v) => grid.setCell(row.id, f.key, v)}
                          onFill={(values) =>
                            Object.entries(values).forEach(([k, v]) => grid.setCell(row.id, k, v))
                          }
                          onBlur={() => grid.blurred(row.id, f.key)}
                        />
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
            })}
            {bottom > 0 && <tr style={{ height: bottom }} aria-hidden />}
          </tbody>
          {stats && rows.length > 0 && (
            <tfoot>
              <tr className={styles.stats}>
                <td className={styles.narrow} />
                <td className={styles.narrow}>
                  {[...new Set(fields.map((f) => f.statistics).filter((k) => k !== undefined))]
                    .map((k) => STATISTIC_LABEL[k])
                    .join('/')}
                </td>
                {fields.map((f) => {
                  const n = statistic(f, rows);
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
        {!rows.length && (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无数据，点击新增添加一行" />
        )}
      </div>
    </div>
  );
}

import { Fragment, useMemo, useRef, type CSSProperties, type KeyboardEvent, type ReactNode } from 'react';
import {
  createColumnHelper,
  functionalUpdate,
  rowPaginationFeature,
  rowSelectionFeature,
  rowSortingFeature,
  tableFeatures,
  useTable,
  type PaginationState,
  type RowSelectionState,
  type SortingState,
  type Updater,
} from '@tanstack/react-table';
import { CaretDownOutlined, CaretUpOutlined } from '@ant-design/icons';
import { Checkbox, Empty, Pagination, Spin, theme } from 'antd';
import { PAGE_SIZE_OPTIONS } from '../../src/core/constants';
import { SELECT_COLUMN_WIDTH, type ColumnSpec, type Row } from './columns';
import { EllipsisText } from './EllipsisText';
import { totalText } from './paging';
import { RowActions, type RowAction } from './RowActions';
import styles from './ListTable.module.css';
import type { ListData } from './use-list-data';
import { useScrollEdges } from './use-scroll-edges';
import { t } from './messages';

/** the server sorts and pages (manual); the table owns sort, page and selection state as the UI model */
const features = tableFeatures({ rowSortingFeature, rowPaginationFeature, rowSelectionFeature });
const helper = createColumnHelper<typeof features, Row>();

interface Props {
  list: ListData;
  specs: ColumnSpec[];
  actions: readonly RowAction[];
  /** the rows to draw when they are not list.records (a tree list draws its open branches too) */
  rows?: Row[];
  /** what the first data cell puts before the text (a tree list's indent and expand button) */
  lead?: (row: Row) => ReactNode;
  /** what shows under a row across the whole table (an inner-table list's open sub-tables), if anything */
  under?: (row: Row) => ReactNode;
  /** a click on a row outside its controls (an ERP list picks its master so) */
  onRowClick?: (row: Row) => void;
  /** what an empty list says (the document's labels.empty) */
  empty?: string;
}

/** a click on one of these inside a row (or a card, CardList.tsx) is theirs, not the row's */
export const CONTROLS = 'button, a, input, label, .ant-checkbox, .ant-dropdown-trigger';

/** the select column stays at the left edge and the action column at the right while the rest scrolls */
const STICKY: Record<string, string> = { select: styles.fixedLeft, action: styles.fixedRight };

function SortIcon({ dir, active }: { dir: 'asc' | 'desc'; active: boolean }) {
  const { token } = theme.useToken();
  const style = {
    fontSize: 10,
    color: active ? token.colorPrimary : token.colorTextQuaternary,
    lineHeight: 0.6,
  };
  return dir === 'asc' ? <CaretUpOutlined style={style} /> : <CaretDownOutlined style={style} />;
}

/** The list as an accessible HTML table styled with antd tokens, driven by TanStack Table v9. */
export function ListTable({
  list,
  specs,
  actions,
  rows: shownRows,
  lead,
  under,
  onRowClick,
  empty = t('empty'),
}: Props) {
  const { token } = theme.useToken();
  // handlers change every render; columns must not (a new column array rebuilds every model)
  const actionsRef = useRef(actions);
  actionsRef.current = actions;
  const leadRef = useRef(lead);
  leadRef.current = lead;
  const firstKey = specs[0]?.key;

  const columns = useMemo(
    () =>
      helper.columns([
        helper.display({
          id: 'select',
          header: ({ table }) => (
            <Checkbox
              aria-label={t('selectAll')}
              checked={table.getIsAllPageRowsSelected()}
              indeterminate={table.getIsSomePageRowsSelected()}
              onChange={table.getToggleAllPageRowsSelectedHandler()}
            />
          ),
          cell: ({ row }) => (
            <Checkbox
              aria-label={t('select')}
              checked={row.getIsSelected()}
              onChange={row.getToggleSelectedHandler()}
            />
          ),
        }),
        ...specs.map((spec) =>
          helper.accessor((row) => spec.text(row), {
            id: spec.key,
            header: spec.title,
            enableSorting: spec.sortable,
            sortDescFirst: false,
            cell: (info) => {
              const Cell = spec.cell;
              const shown = Cell ? (
                <Cell field={spec.field} row={info.row.original} text={info.getValue()} />
              ) : (
                <EllipsisText text={info.getValue()} />
              );
              return spec.key === firstKey && leadRef.current ? (
                <span style={{ display: 'flex', alignItems: 'center' }}>
                  {leadRef.current(info.row.original)}
                  {shown}
                </span>
              ) : (
                shown
              );
            },
          }),
        ),
        helper.display({
          id: 'action',
          header: t('actions'),
          cell: ({ row }) => <RowActions row={row.original} actions={actionsRef.current} />,
        }),
      ]),
    [specs, firstKey],
  );
  const wrapped = useMemo(() => new Set(specs.filter((s) => s.wrap).map((s) => s.key)), [specs]);
  const widths = useMemo(
    () =>
      new Map<string, number | undefined>([
        ['select', SELECT_COLUMN_WIDTH],
        ...specs.map((s): [string, number | undefined] => [s.key, s.width]),
      ]),
    [specs],
  );
  const data = shownRows ?? list.records;
  const scroller = useRef<HTMLDivElement>(null);
  const edges = useScrollEdges(scroller, data);

  const sorting: SortingState = [{ id: list.sort.column, desc: list.sort.order === 'desc' }];
  const pagination: PaginationState = { pageIndex: list.page.pageNo - 1, pageSize: list.page.pageSize };

  const table = useTable({
    features,
    columns,
    data,
    getRowId: (row) => row.id,
    manualSorting: true,
    manualPagination: true,
    enableSortingRemoval: false,
    enableMultiSort: false,
    rowCount: list.total,
    state: { sorting, pagination, rowSelection: list.selection },
    onSortingChange: (u: Updater<SortingState>) => {
      const [first] = functionalUpdate(u, sorting);
      if (first) list.setSort({ column: first.id, order: first.desc ? 'desc' : 'asc' });
    },
    onPaginationChange: (u: Updater<PaginationState>) => {
      const next = functionalUpdate(u, pagination);
      list.setPage({ pageNo: next.pageIndex + 1, pageSize: next.pageSize });
    },
    onRowSelectionChange: (u: Updater<RowSelectionState>) =>
      list.setSelection(functionalUpdate(u, list.selection)),
  });

  // the stylesheet reads the theme through these variables, so a theme change restyles the table
  const themeVars = {
    '--bg': token.colorBgContainer,
    '--border': token.colorBorderSecondary,
    '--head-bg': token.colorFillAlter,
    '--head-hover-bg': token.colorFillSecondary,
    '--head-color': token.colorTextHeading,
    '--row-hover-bg': token.colorFillAlter,
    '--row-selected-bg': token.controlItemBgActive,
    fontSize: token.fontSize,
    color: token.colorText,
  } as CSSProperties;
  const rows = table.getRowModel().rows;

  return (
    <Spin spinning={list.loading}>
      <div
        ref={scroller}
        className={[styles.scroller, edges.left && styles.clippedLeft, edges.right && styles.clippedRight]
          .filter(Boolean)
          .join(' ')}
      >
        <table className={styles.table} style={themeVars}>
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => {
                  const sortable = header.column.getCanSort();
                  const sorted = header.column.getIsSorted();
                  const toggle = header.column.getToggleSortingHandler();
                  return (
                    <th
                      key={header.id}
                      scope="col"
                      className={
                        [sortable && styles.sortable, STICKY[header.column.id]].filter(Boolean).join(' ') ||
                        undefined
                      }
                      style={{ width: widths.get(header.column.id) }}
                      aria-sort={sorted ? (sorted === 'asc' ? 'ascending' : 'descending') : undefined}
                      tabIndex={sortable ? 0 : undefined}
                      onClick={toggle}
                      onKeyDown={(e: KeyboardEvent) => e.key === 'Enter' && toggle?.(e)}
                    >
                      <span style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}>
                        <table.FlexRender header={header} />
                        {sortable && (
                          <span style={{ display: 'inline-flex', flexDirection: 'column' }} aria-hidden>
                            <SortIcon dir="asc" active={sorted === 'asc'} />
                            <SortIcon dir="desc" active={sorted === 'desc'} />
                          </span>
                        )}
                      </span>
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody>
            {rows.map((row) => {
              const below = under?.(row.original);
              return (
                <Fragment key={row.id}>
                  <tr
                    className={
                      [row.getIsSelected() && styles.selected, onRowClick && styles.clickable]
                        .filter(Boolean)
                        .join(' ') || undefined
                    }
                    onClick={
                      onRowClick &&
                      ((e) => !(e.target as Element).closest(CONTROLS) && onRowClick(row.original))
                    }
                  >
                    {row.getAllCells().map((cell) => (
                      <td
                        key={cell.id}
                        className={
                          STICKY[cell.column.id] ?? (wrapped.has(cell.column.id) ? styles.wrap : undefined)
                        }
                      >
                        <table.FlexRender cell={cell} />
                      </td>
                    ))}
                  </tr>
                  {below && (
                    <tr className={styles.under}>
                      <td colSpan={columns.length}>{below}</td>
                    </tr>
                  )}
                </Fragment>
              );
            })}
            {rows.length === 0 && (
              <tr>
                <td colSpan={columns.length} className={styles.empty}>
                  <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} />
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
      <Pagination
        style={{ marginTop: 16, justifyContent: 'flex-end' }}
        current={pagination.pageIndex + 1}
        pageSize={pagination.pageSize}
        total={list.total}
        pageSizeOptions={PAGE_SIZE_OPTIONS}
        showQuickJumper
        showSizeChanger
        showTotal={totalText}
        onChange={(page, size) =>
          // a new page size starts again from page 1, as antd's own Table does
          table.setPagination({ pageIndex: size === pagination.pageSize ? page - 1 : 0, pageSize: size })
        }
      />
    </Spin>
  );
}

import { useMemo, type CSSProperties, type ReactNode } from 'react';
import { EllipsisOutlined } from '@ant-design/icons';
import { Button, Checkbox, Dropdown, Empty, Modal, Pagination, Skeleton, Spin, Tag, theme } from 'antd';
import type { EntityDocument } from '../../src/core/document/types';
import { LIST_PARTS, useFieldParts } from '../fields/parts';
import { cardFields } from './card-layout';
import { columnSpec, type ColumnSpec, type Row } from './columns';
import { EllipsisText } from './EllipsisText';
import { CONTROLS } from './ListTable';
import type { RowAction } from './RowActions';
import { totalText } from './paging';
import type { ListData } from './use-list-data';
import styles from './CardList.module.css';
import { t } from './messages';

/** px a tree node's card is set in per level */
const INDENT = 16;

export interface CardListProps {
  doc: EntityDocument;
  list: ListData;
  /** the row actions the table shows (ListPage.tsx builds them with their permission checks) */
  actions: readonly RowAction[];
  /** the records to draw when they are not list.records (a tree list's open branches) */
  rows?: Row[];
  /** what the title puts before its text (a tree node's expand button) */
  lead?: (row: Row) => ReactNode;
  /** a tree node's level: its card is set in by it */
  depth?: (row: Row) => number;
  /** what shows at the foot of a card (an inner-table list's open sub-tables) */
  under?: (row: Row) => ReactNode;
  /** a click on a card outside its controls (an ERP list picks its master so) */
  onRowClick?: (row: Row) => void;
}

/** a value as the table's cell shows it: the type's own cell, else its text */
function Value({ spec, row }: { spec: ColumnSpec; row: Row }) {
  const Cell = spec.cell;
  const text = spec.text(row);
  return Cell ? <Cell field={spec.field} row={row} text={text} /> : <EllipsisText text={text} />;
}

/** a card's actions in a ⋯ menu; one that asks first (删除) asks in a dialog */
function ActionMenu({
  row,
  name,
  actions,
  confirm,
}: {
  row: Row;
  name: string;
  actions: readonly RowAction[];
  confirm: (action: RowAction, row: Row) => void;
}) {
  const shown = actions.filter((a) => !a.visible || a.visible(row));
  if (!shown.length) return null;
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: shown.map((a) => ({
          key: a.key,
          label: a.label,
          danger: a.danger,
          disabled: a.enabled ? !a.enabled(row) : false,
        })),
        onClick: ({ key, domEvent }) => {
          domEvent.stopPropagation();
          const action = shown.find((a) => a.key === key)!;
          if (action.confirm) confirm(action, row);
          else void action.run(row);
        },
      }}
    >
      <Button type="text" size="small" aria-label={t('rowActions', { name })} icon={<EllipsisOutlined />} />
    </Dropdown>
  );
}

/**
 * A list at the mobile width: one card a record in place of the table, with the same
 * selection, row actions and paging (the search form and toolbar above are the list's own). The
 * card shows the document's `card` fields, or what cardFields derives; values read as in the table.
 * Loaded only when a list is first shown at that width (ListPage.tsx), so desktops never fetch it.
 */
export default function CardList({
  doc,
  list,
  actions,
  rows,
  lead,
  depth,
  under,
  onRowClick,
}: CardListProps) {
  const { token } = theme.useToken();
  const [modal, holder] = Modal.useModal();
  const layout = useMemo(() => cardFields(doc), [doc]);
  const shownFields = useMemo(
    () => [layout.title, ...layout.fields, ...(layout.status ? [layout.status] : [])],
    [layout],
  );
  // a card may name fields the table leaves out: their cells load before the cards draw
  const loaded = useFieldParts(shownFields, LIST_PARTS);
  const specs = useMemo(
    () =>
      loaded
        ? {
            title: columnSpec(layout.title),
            fields: layout.fields.map(columnSpec),
            status: layout.status && columnSpec(layout.status),
          }
        : null,
    [layout, loaded],
  );
  if (!specs) return <Skeleton active />;

  const data = rows ?? list.records;
  const selected = (row: Row) => Boolean(list.selection[row.id]);
  const all = data.length > 0 && data.every(selected);
  const some = data.some(selected);
  const select = (row: Row, on: boolean) => {
    const { [row.id]: _was, ...others } = list.selection;
    list.setSelection(on ? { ...others, [row.id]: true } : others);
  };
  const selectAll = (on: boolean) =>
    list.setSelection(on ? Object.fromEntries(data.map((r) => [r.id, true as const])) : {});
  const confirm = (action: RowAction, row: Row) =>
    modal.confirm({
      title: action.confirm,
      okText: t('ok'),
      cancelText: t('cancel'),
      onOk: () => action.run(row),
    });
  const { pageNo, pageSize } = list.page;

  // the stylesheet reads the theme through these variables, as the table's does
  const themeVars = {
    '--bg': token.colorBgContainer,
    '--border': token.colorBorderSecondary,
    '--selected-bg': token.controlItemBgActive,
    '--label': token.colorTextSecondary,
  } as CSSProperties;

  return (
    <Spin spinning={list.loading}>
      {holder}
      <div className={styles.head}>
        <Checkbox
          checked={all}
          indeterminate={some && !all}
          disabled={!data.length}
          onChange={(e) => selectAll(e.target.checked)}
        >
          {t('selectAll')}
        </Checkbox>
      </div>
      {data.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={doc.labels?.empty ?? t('empty')} />
      ) : (
        <ul className={styles.cards} style={themeVars} aria-label={t('listOf', { title: doc.title })}>
          {data.map((row) => {
            const name = specs.title.text(row);
            const below = under?.(row);
            return (
              <li
                key={row.id}
                aria-label={name}
                className={[styles.card, selected(row) && styles.selected, onRowClick && styles.clickable]
                  .filter(Boolean)
                  .join(' ')}
                style={{ marginLeft: (depth?.(row) ?? 0) * INDENT }}
                onClick={onRowClick && ((e) => !(e.target as Element).closest(CONTROLS) && onRowClick(row))}
              >
                <div className={styles.top}>
                  <Checkbox
                    aria-label={t('selectRow', { name })}
                    checked={selected(row)}
                    onChange={(e) => select(row, e.target.checked)}
                  />
                  {lead?.(row)}
                  <h2 className={styles.title}>
                    <Value spec={specs.title} row={row} />
                  </h2>
                  {specs.status && specs.status.text(row) && (
                    <Tag color="processing" style={{ marginInlineEnd: 0 }}>
                      {specs.status.text(row)}
                    </Tag>
                  )}
                  <ActionMenu row={row} name={name} actions={actions} confirm={confirm} />
                </div>
                {specs.fields.length > 0 && (
                  <dl className={styles.fields}>
                    {specs.fields.map((spec) => (
                      <div key={spec.key} style={{ display: 'contents' }}>
                        <dt>{spec.title}</dt>
                        <dd>
                          <Value spec={spec} row={row} />
                        </dd>
                      </div>
                    ))}
                  </dl>
                )}
                {below && <div className={styles.under}>{below}</div>}
              </li>
            );
          })}
        </ul>
      )}
      <div className={styles.pager}>
        <span>
          {totalText(list.total, [(pageNo - 1) * pageSize + 1, Math.min(list.total, pageNo * pageSize)])}
        </span>
        <Pagination
          simple
          current={pageNo}
          pageSize={pageSize}
          total={list.total}
          onChange={(page) => list.setPage({ pageNo: page, pageSize })}
        />
      </div>
    </Spin>
  );
}

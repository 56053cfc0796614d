import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Button, Input, Modal, Table, type TableColumnsType } from 'antd';
import { PAGE_SIZE_OPTIONS, PICKER_PAGE_SIZE_OPTIONS } from '../../src/core/constants';
import type { EntityDocument, FieldDoc } from '../../src/core/document/types';
import type { Row } from '../list/columns';
import { totalText } from '../list/paging';
import { SelectionAlert } from '../list/SelectionAlert';
import { providers } from '../providers';
import type { QueryItem, ReportColumns } from '../report/report-api';
import { reportCell } from '../report/report-cells';
import { ReportSearchForm } from '../report/ReportSearchForm';
import { useReportData, useReportMeta } from '../report/use-report';
import { popupView, usePopupDocument } from './popup-api';
import { usePopupRecords } from './use-popup-records';
import { t } from './messages';

export interface PopupSelectorProps {
  /** the popup field: its popupCode names the report or entity document, popupSource which it is */
  field: FieldDoc;
  /** several rows may be chosen (checkboxes); else one (radios) */
  multiple: boolean;
  /** the chosen rows, whole: the field takes the columns it copies */
  onOk: (rows: Row[]) => void;
  onCancel: () => void;
}

/**
 * The online-report popup selector (1200 wide): the server's title, a search form, 已选择
 * N 项 with 清空 and 刷新, a paged table. Its rows come from a report (getRpColumns, getQueryInfo,
 * getData) or from an entity document's list, each read through that document's own routes and
 * under its own permission: a user the popup's report or list refuses is told so, never shown it.
 */
export default function PopupSelectorModal(props: PopupSelectorProps) {
  return props.field.popupSource === 'report' ? <ReportSource {...props} /> : <EntitySource {...props} />;
}

function ReportSource(props: PopupSelectorProps) {
  const meta = useReportMeta(props.field.popupCode!);
  const { onCancel } = props;
  const failed = meta.status === 'failed' ? meta.message : null;
  useEffect(() => {
    // a popup whose report cannot be read warns with the server's message and closes
    if (failed === null) return;
    providers().notices.warning(failed);
    onCancel();
  }, [failed, onCancel]);
  return meta.status === 'ready' ? <ReportRows {...props} report={meta.columns} query={meta.query} /> : null;
}

/** a report row's key is its values, cut at 50 characters (a report row has no id) */
const reportRowKey = (r: Row) =>
  Object.values(r)
    .map((v) => String(v ?? ''))
    .join('|')
    .slice(0, 50);

function ReportRows({
  report,
  query,
  ...props
}: PopupSelectorProps & { report: ReportColumns; query: QueryItem[] }) {
  const code = report.cgRpConfigId;
  const data = useReportData(code, query);
  const columns = useMemo<TableColumnsType<Row>>(
    () =>
      report.columns.map((c) => ({
        key: c.dataIndex,
        dataIndex: c.dataIndex,
        title: c.title,
        width: c.width,
        align: c.type === 'number' ? 'right' : 'left',
        render: reportCell(report, c),
      })),
    [report],
  );
  return (
    <SelectorModal
      {...props}
      title={report.cgRpConfigName}
      search={
        <ReportSearchForm
          code={`popup_${code}`}
          items={query}
          options={report.dictOptions}
          onSearch={data.search}
        />
      }
      columns={columns}
      rowKey={reportRowKey}
      records={data.records}
      total={data.total}
      loading={data.loading}
      page={data.page}
      pageSizes={PAGE_SIZE_OPTIONS}
      onPage={(pageNo, pageSize) => data.setPage({ pageNo, pageSize })}
      onRefresh={() => data.setPage((p) => ({ ...p }))}
    />
  );
}

function EntitySource(props: PopupSelectorProps) {
  // a document the server refuses closes the selector
  const doc = usePopupDocument(props.field.popupCode!, props.onCancel);
  return doc ? <EntityRows {...props} doc={doc} /> : null;
}

function EntityRows({ doc, ...props }: PopupSelectorProps & { doc: EntityDocument }) {
  const view = useMemo(() => popupView(doc, props.field), [doc, props.field]);
  const { query, setQuery, page, loading } = usePopupRecords(view);
  const columns = useMemo<TableColumnsType<Row>>(
    () =>
      view.columns.map((c) => ({ title: c.title, key: c.key, ellipsis: true, render: (_v, r) => c.text(r) })),
    [view],
  );
  return (
    <SelectorModal
      {...props}
      title={doc.title}
      search={
        view.searchFields.length ? (
          <Input.Search
            placeholder={view.searchPlaceholder}
            aria-label={t('searchBox')}
            allowClear
            enterButton={t('search')}
            onSearch={(words) => setQuery((q) => ({ ...q, pageNo: 1, words }))}
            style={{ marginBottom: 12, maxWidth: 480 }}
          />
        ) : null
      }
      columns={columns}
      rowKey={(r) => String(r.id)}
      records={page?.records ?? []}
      total={page?.total ?? 0}
      loading={loading}
      page={query}
      pageSizes={PICKER_PAGE_SIZE_OPTIONS}
      onPage={(pageNo, pageSize) => setQuery((q) => ({ ...q, pageNo, pageSize }))}
      onRefresh={() => setQuery((q) => ({ ...q }))}
    />
  );
}

interface SelectorProps extends PopupSelectorProps {
  title: string;
  search: ReactNode;
  columns: TableColumnsType<Row>;
  rowKey: (r: Row) => string;
  records: Row[];
  total: number;
  loading: boolean;
  page: { pageNo: number; pageSize: number };
  pageSizes: string[];
  onPage: (pageNo: number, pageSize: number) => void;
  onRefresh: () => void;
}

/** the modal both sources fill: the chosen rows are kept across searches and pages */
function SelectorModal(p: SelectorProps) {
  const [picked, setPicked] = useState<Map<string, Row>>(new Map());
  const flip = (rows: Row[], checked: boolean) =>
    setPicked((before) => {
      const next = new Map(p.multiple ? before : []);
      for (const r of rows) {
        if (checked) next.set(p.rowKey(r), r);
        else next.delete(p.rowKey(r));
      }
      return next;
    });
  const confirm = () => {
    const rows = [...picked.values()];
    // 确定 with no row chosen, or several in a single popup
    if (!rows.length || (!p.multiple && rows.length > 1)) providers().notices.warning(t('chooseOne'));
    else p.onOk(rows);
  };
  return (
    <Modal
      title={p.title}
      open
      width={1200}
      okText={t('ok')}
      cancelText={t('close')}
      onOk={confirm}
      onCancel={p.onCancel}
      mask={{ closable: false }}
    >
      {p.search}
      <div style={{ marginBottom: 12 }}>
        <SelectionAlert
          selected={picked.size}
          onClear={() => setPicked(new Map())}
          extra={
            <Button type="link" size="small" onClick={p.onRefresh}>
              {t('refresh')}
            </Button>
          }
        />
      </div>
      <Table<Row>
        size="small"
        rowKey={p.rowKey}
        columns={p.columns}
        dataSource={p.records}
        loading={p.loading}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('empty') }}
        rowSelection={{
          type: p.multiple ? 'checkbox' : 'radio',
          selectedRowKeys: [...picked.keys()],
          preserveSelectedRowKeys: true,
          onSelect: (r, checked) => flip([r], checked),
          onSelectAll: (checked, _rows, changed) => flip(changed, checked),
        }}
        onRow={(r) => ({ onClick: () => flip([r], !picked.has(p.rowKey(r))) })}
        pagination={{
          current: p.page.pageNo,
          pageSize: p.page.pageSize,
          total: p.total,
          size: 'small',
          showSizeChanger: true,
          pageSizeOptions: p.pageSizes,
          showTotal: totalText,
          onChange: p.onPage,
        }}
      />
    </Modal>
  );
}

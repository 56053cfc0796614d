import { useContext, useEffect, useMemo } from 'react';
import { DownloadOutlined } from '@ant-design/icons';
import { Button, Card, Skeleton, Table, type TableColumnsType } from 'antd';
import { LazyResult } from '../common/LazyResult';
import { PAGE_SIZE_OPTIONS } from '../../src/core/constants';
import { hasPermission } from '../../src/core/permission';
import { RoutePageContext } from '../common/route-page';
import { useGrants } from '../common/use-permissions';
import { useExport } from '../excel/use-export';
import type { Row } from '../list/columns';
import { totalText } from '../list/paging';
import type { RendererProps } from '../registry';
import { formatReportValue, totalsLabel } from '../../src/core/document/report-format';
import { type QueryItem, type ReportColumn, type ReportColumns } from './report-api';
import { t } from './messages';
import { reportCell } from './report-cells';
import { ReportSearchForm } from './ReportSearchForm';
import { useReportData, useReportMeta } from './use-report';
import { reportRecords } from '../server/reports';

/** The online report list (/online/cgreport/:code): search, table, paging, sort and 导出. */
export default function ReportList({ code }: RendererProps) {
  const meta = useReportMeta(code);
  if (meta.status === 'loading') return <Skeleton active style={{ padding: 24 }} />;
  if (meta.status === 'failed')
    return <LazyResult status="error" title={t('reportFailed')} subTitle={meta.message} />;
  return <ReportPage key={code} report={meta.columns} query={meta.query} />;
}

/** the totals row under the table: the label in the first column without a total, then each total */
function TotalsRow({ columns, totals }: { columns: ReportColumn[]; totals: Record<string, unknown> }) {
  const label = columns.findIndex((c) => !c.total);
  return (
    <Table.Summary fixed>
      <Table.Summary.Row>
        {columns.map((c, i) => (
          <Table.Summary.Cell key={c.dataIndex} index={i} align={c.type === 'number' ? 'right' : 'left'}>
            {i === label ? (
              <strong>{totalsLabel(columns)}</strong>
            ) : c.total ? (
              <strong>{formatReportValue(totals[c.dataIndex], c)}</strong>
            ) : null}
          </Table.Summary.Cell>
        ))}
      </Table.Summary.Row>
    </Table.Summary>
  );
}

function ReportPage({ report, query }: { report: ReportColumns; query: QueryItem[] }) {
  const code = report.cgRpConfigId;
  const data = useReportData(code, query);
  const exporter = useExport({ code, title: report.cgRpConfigName }, reportRecords(code).exportXls);
  const mayExport = hasPermission(useGrants(), `${report.permission}export`);
  // the page is named by its report where its menu entry does not name it
  const route = useContext(RoutePageContext);
  useEffect(() => route?.nameTitle(report.cgRpConfigName), [route, report]);

  const columns = useMemo<TableColumnsType<Row>>(
    () =>
      report.columns.map((c) => ({
        key: c.dataIndex,
        dataIndex: c.dataIndex,
        title: c.title,
        width: c.width,
        align: c.type === 'number' ? 'right' : 'left',
        sorter: c.sorter === 'true',
        render: reportCell(report, c),
      })),
    [report],
  );
  const sorted = columns.map((c) => ({
    ...c,
    sortOrder:
      data.sort.column === c.key
        ? data.sort.order === 'asc'
          ? ('ascend' as const)
          : ('descend' as const)
        : null,
  }));

  return (
    <Card variant="borderless">
      {exporter.holder}
      <ReportSearchForm code={code} items={query} options={report.dictOptions} onSearch={data.search} />
      {mayExport && (
        <div style={{ marginBottom: 12 }}>
          <Button
            icon={<DownloadOutlined />}
            loading={exporter.exporting}
            onClick={() =>
              void exporter.run({ queryParams: data.queryParams, selectedIds: [], total: data.total })
            }
          >
            {t('export')}
          </Button>
        </div>
      )}
      <Table<Row>
        rowKey={(_, i) => String(i)}
        size="middle"
        columns={sorted}
        dataSource={data.records}
        loading={data.loading}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('empty') }}
        summary={() =>
          data.totals && data.records.length ? (
            <TotalsRow columns={report.columns} totals={data.totals} />
          ) : null
        }
        pagination={{
          current: data.page.pageNo,
          pageSize: data.page.pageSize,
          total: data.total,
          pageSizeOptions: PAGE_SIZE_OPTIONS,
          showSizeChanger: true,
          showQuickJumper: true,
          showTotal: totalText,
        }}
        onChange={(pagination, _filters, sorter) => {
          const one = Array.isArray(sorter) ? sorter[0] : sorter;
          const column = one?.order ? String(one.columnKey) : undefined;
          const order = one?.order === 'ascend' ? 'asc' : one?.order === 'descend' ? 'desc' : undefined;
          if (column !== data.sort.column || order !== data.sort.order) {
            data.setSort({ column, order });
            data.setPage((p) => ({ ...p, pageNo: 1 }));
          } else
            data.setPage({
              pageNo: pagination.current ?? 1,
              pageSize: pagination.pageSize ?? data.page.pageSize,
            });
        }}
      />
    </Card>
  );
}

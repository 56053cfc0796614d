import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { Card, Empty, Input, Result, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { reportHeads } from '../server/reports';
import { t } from './messages';

/** one report as the head list describes it (src/server/reports/heads.ts) */
interface ReportHead {
  code: string;
  title: string;
  columns: string[];
  query: string[];
  params: string[];
  chart: 'bar' | 'line' | 'pie' | null;
  exportable: boolean;
}

const names = (list: string[]) =>
  list.length ? (
    <Typography.Text ellipsis={{ tooltip: list.join(t('listSeparator')) }} style={{ maxWidth: 260 }}>
      {list.join(t('listSeparator'))}
    </Typography.Text>
  ) : (
    <Typography.Text type="secondary">—</Typography.Text>
  );

// built while rendering, so the titles are in the chosen language (src/core/messages.ts)
const columns = (): TableColumnsType<ReportHead> => [
  {
    title: t('reportName'),
    dataIndex: 'title',
    render: (title: string, r) => <Link to={`/online/cgreport/${r.code}`}>{title}</Link>,
  },
  { title: t('reportCode'), dataIndex: 'code' },
  { title: t('columns'), dataIndex: 'columns', render: names },
  { title: t('query'), dataIndex: 'query', render: names },
  { title: t('params'), dataIndex: 'params', render: names },
  {
    title: t('chart'),
    dataIndex: 'chart',
    width: 90,
    render: (chart: ReportHead['chart']) => (chart ? <Tag color="blue">{t(chart)}</Tag> : '—'),
  },
  {
    title: t('actions'),
    key: 'action',
    width: 90,
    render: (_, r) => <Link to={`/online/cgreport/${r.code}`}>{t('view')}</Link>,
  },
];

/**
 * The report head list ("report head list"): every report document the user may read, with
 * what it shows and asks; a name opens the report's own list (the report auto list).
 */
export default function ReportHeadList() {
  const [heads, setHeads] = useState<ReportHead[] | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [search, setSearch] = useState('');

  useEffect(() => {
    let alive = true;
    reportHeads<ReportHead[]>().then(
      (res) => {
        if (!alive) return;
        if (res.success) setHeads(res.result);
        else setFailed(res.message);
      },
      (e: unknown) => alive && setFailed(e instanceof Error ? e.message : String(e)),
    );
    return () => {
      alive = false;
    };
  }, []);

  const shown = useMemo(() => {
    const word = search.trim().toLowerCase();
    return (heads ?? []).filter(
      (h) => !word || h.title.toLowerCase().includes(word) || h.code.toLowerCase().includes(word),
    );
  }, [heads, search]);

  if (failed) return <Result status="error" title={t('headsFailed')} subTitle={failed} />;
  return (
    <Card>
      <Space style={{ marginBottom: 16 }}>
        <Input.Search
          allowClear
          placeholder={t('findPlaceholder')}
          aria-label={t('find')}
          onSearch={setSearch}
          onChange={(e) => setSearch(e.target.value)}
          style={{ width: 280 }}
        />
      </Space>
      <Table<ReportHead>
        rowKey="code"
        size="middle"
        loading={heads === null}
        columns={columns()}
        dataSource={shown}
        pagination={false}
        locale={{ emptyText: <Empty description={search ? t('noMatch') : t('noReports')} /> }}
      />
    </Card>
  );
}

import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { Card, Empty, Input, Result, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { reportHeads } from '../server/reports';

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

const CHART_NAMES = { bar: '柱状图', line: '折线图', pie: '饼图' } as const;

const names = (list: string[]) =>
  list.length ? (
    <Typography.Text ellipsis={{ tooltip: list.join('、') }} style={{ maxWidth: 260 }}>
      {list.join('、')}
    </Typography.Text>
  ) : (
    <Typography.Text type="secondary">—</Typography.Text>
  );

const columns: TableColumnsType<ReportHead> = [
  {
    title: '报表名称',
    dataIndex: 'title',
    render: (title: string, r) => <Link to={`/online/cgreport/${r.code}`}>{title}</Link>,
  },
  { title: '报表编码', dataIndex: 'code' },
  { title: '显示列', dataIndex: 'columns', render: names },
  { title: '查询条件', dataIndex: 'query', render: names },
  { title: '参数', dataIndex: 'params', render: names },
  {
    title: '图表',
    dataIndex: 'chart',
    width: 90,
    render: (chart: ReportHead['chart']) => (chart ? <Tag color="blue">{CHART_NAMES[chart]}</Tag> : '—'),
  },
  {
    title: '操作',
    key: 'action',
    width: 90,
    render: (_, r) => <Link to={`/online/cgreport/${r.code}`}>查看</Link>,
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

  if (failed) return <Result status="error" title="报表列表加载失败" subTitle={failed} />;
  return (
    <Card>
      <Space style={{ marginBottom: 16 }}>
        <Input.Search
          allowClear
          placeholder="按报表名称或编码查找"
          aria-label="查找报表"
          onSearch={setSearch}
          onChange={(e) => setSearch(e.target.value)}
          style={{ width: 280 }}
        />
      </Space>
      <Table<ReportHead>
        rowKey="code"
        size="middle"
        loading={heads === null}
        columns={columns}
        dataSource={shown}
        pagination={false}
        locale={{ emptyText: <Empty description={search ? '没有匹配的报表' : '暂无可查看的报表'} /> }}
      />
    </Card>
  );
}

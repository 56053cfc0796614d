import { lazy, Suspense, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { Card, Col, Empty, Row, Skeleton, Statistic, Typography } from 'antd';
import { useSnapshot } from 'valtio';
import dayjs from 'dayjs';
import { session } from '../../app/stores/session';
import { greeting } from './greeting';
import { LatestNotices } from './LatestNotices';
import styles from './Analysis.module.css';
import { fetchSummary, groupModules, type DashboardSummary } from './summary';

// echarts is a chunk of its own, fetched only when the user may read a report with a chart
const ReportCharts = lazy(() => import('./ReportCharts'));

/**
 * The home page (spec 2.1 /dashboard/analysis): a time-of-day greeting, record counts per module, the
 * charts of the reports the user may read and the latest announcements.
 */
export default function Analysis() {
  const snap = useSnapshot(session);
  const [summary, setSummary] = useState<DashboardSummary | null>(null);
  const [loading, setLoading] = useState(true);

  // again when the menu changes (a grant change announced live): the modules follow it
  const menu = snap.permissionList;
  useEffect(() => {
    let alive = true;
    void fetchSummary().then((s) => {
      if (!alive) return;
      setSummary(s);
      setLoading(false);
    });
    return () => {
      alive = false;
    };
  }, [menu]);

  const now = dayjs();
  const realname = summary?.user.realname || snap.userInfo?.realname || snap.userInfo?.username || '';
  const groups = groupModules(summary?.modules ?? []);
  const total = groups.reduce((n, g) => n + g.total, 0);
  const lastLogin = summary?.user.lastLoginTime;

  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
      <Card>
        <Row gutter={[24, 16]} align="middle" justify="space-between">
          <Col flex="auto">
            <Typography.Title level={4} style={{ margin: 0 }}>
              {greeting(now.hour())}
              {realname ? `，${realname}` : ''}，欢迎回来
            </Typography.Title>
            <Typography.Text type="secondary">
              {now.format('YYYY年M月D日 dddd')}
              {lastLogin ? ` 上次登录：${lastLogin}` : ''}
            </Typography.Text>
          </Col>
          {(loading || groups.length > 0) && (
            <Col flex="none" style={{ display: 'flex', gap: 40 }}>
              {/* a dash while loading keeps the card's height (the loading skeleton is taller) */}
              <Statistic title="可用模块" value={loading ? '–' : (summary?.modules.length ?? 0)} />
              <Statistic title="记录总数" value={loading ? '–' : total} />
            </Col>
          )}
        </Row>
      </Card>

      {/* the announcements come first in the page (first on a phone, at the right on a wide screen), so
          the counts and charts arriving later push nothing that is already on the screen */}
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={{ span: 8, order: 2 }}>
          <LatestNotices />
        </Col>
        <Col
          xs={24}
          xl={{ span: 16, order: 1 }}
          className={styles.main}
          // while the counts load the column keeps a screen's height, so the footer does not jump
          style={loading ? { minHeight: '100vh' } : undefined}
        >
          {loading ? (
            <Card>
              <Skeleton active paragraph={{ rows: 4 }} />
            </Card>
          ) : groups.length === 0 && !summary?.charts.length ? (
            // a signed-in user without roles (for example just registered): say what to do about it
            // (one who reads only reports has its charts below instead)
            <Card size="small">
              <Empty
                image={Empty.PRESENTED_IMAGE_SIMPLE}
                description={
                  <>
                    暂无可查看的数据模块
                    <br />
                    <Typography.Text type="secondary">如需使用，请联系管理员为您分配角色</Typography.Text>
                  </>
                }
              />
            </Card>
          ) : (
            groups.map((g) => (
              <Card
                key={g.group}
                title={g.groupTitle}
                extra={
                  <Typography.Text type="secondary">
                    共 {g.total.toLocaleString('zh-CN')} 条记录
                  </Typography.Text>
                }
              >
                <Row gutter={[16, 16]}>
                  {g.modules.map((m) => (
                    <Col key={m.code} xs={12} sm={8} xxl={6}>
                      <Link
                        to={m.path}
                        aria-label={`${m.title}：${m.count} 条记录`}
                        style={{ display: 'block' }}
                      >
                        <Card size="small" hoverable>
                          <Statistic title={m.title} value={m.count} suffix="条" />
                        </Card>
                      </Link>
                    </Col>
                  ))}
                </Row>
              </Card>
            ))
          )}
          {!loading &&
            (summary?.charts.length ? (
              <Suspense
                fallback={
                  <Card>
                    <Skeleton active paragraph={{ rows: 6 }} />
                  </Card>
                }
              >
                <ReportCharts charts={summary.charts} />
              </Suspense>
            ) : (
              <Card size="small" title="报表图表">
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无可查看的报表图表" />
              </Card>
            ))}
        </Col>
      </Row>
    </div>
  );
}

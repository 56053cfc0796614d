import { lazy, Suspense, useEffect, useState } from 'react';
import { Card, Col, Empty, Row, Skeleton, Statistic, Typography } from 'antd';
import { useSnapshot } from 'valtio';
import dayjs from 'dayjs';
import { session } from '../../app/stores/session';
import { t } from '../../app/i18n/i18n';
import { greeting } from './greeting';
import { LatestNotices } from './LatestNotices';
import { ModuleCounts } from './ModuleCounts';
import styles from './Analysis.module.css';
import { fetchSummary, groupModules, type DashboardSummary } from './summary';

// echarts is a chunk of its own, fetched only when the user may read a report with a chart
const ReportCharts = lazy(() => import('./ReportCharts'));

/**
 * The home page (/dashboard/analysis): a time-of-day greeting, the charts of the reports the
 * user may read, the latest announcements and record counts per module.
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
              {realname
                ? t('dashboard.welcomeName', { greeting: t(greeting(now.hour())), name: realname })
                : t('dashboard.welcome', { greeting: t(greeting(now.hour())) })}
            </Typography.Title>
            <Typography.Text type="secondary">
              {now.format(t('dashboard.dateFormat'))}
              {lastLogin ? ` ${t('dashboard.lastLogin', { time: lastLogin })}` : ''}
            </Typography.Text>
          </Col>
          {(loading || groups.length > 0) && (
            <Col flex="none" style={{ display: 'flex', gap: 40 }}>
              {/* a dash while loading keeps the card's height (the loading skeleton is taller) */}
              <Statistic
                title={t('dashboard.modules')}
                value={loading ? '–' : (summary?.modules.length ?? 0)}
              />
              <Statistic title={t('dashboard.records')} value={loading ? '–' : total} />
            </Col>
          )}
        </Row>
      </Card>

      {/* what a person comes for first: the charts (left on a wide screen) and the announcements
          (right, first on a phone); the counts follow the announcements, compact. The columns keep
          their height while loading, so nothing already on screen moves as the rest arrives */}
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={{ span: 8, order: 2 }} className={styles.column}>
          <LatestNotices />
          {loading ? (
            <Card size="small">
              <Skeleton active paragraph={{ rows: 4 }} />
            </Card>
          ) : (
            // one who reads only reports has its charts and needs no word about modules
            (groups.length > 0 || !summary?.charts.length) && <ModuleCounts groups={groups} />
          )}
        </Col>
        <Col
          xs={24}
          xl={{ span: 16, order: 1 }}
          className={styles.column}
          style={loading ? { minHeight: '100vh' } : undefined}
        >
          {loading ? (
            <Card>
              <Skeleton active paragraph={{ rows: 6 }} />
            </Card>
          ) : summary?.charts.length ? (
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
            <Card size="small" title={t('dashboard.charts')}>
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('dashboard.noCharts')} />
            </Card>
          )}
        </Col>
      </Row>
    </div>
  );
}

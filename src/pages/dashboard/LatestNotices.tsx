import { lazy, Suspense, useEffect, useState } from 'react';
import { Button, Card, Empty, Skeleton, Typography } from 'antd';
import {
  fetchReceived,
  markRead,
  NOTICES_ARRIVED_EVENT,
  type Notice,
  type ReceivedNotice,
} from '../../app/header/notice/notice-api';
import { PriorityTag } from '../../app/header/notice/PriorityTag';
import { t } from '../../app/i18n/i18n';
import styles from './LatestNotices.module.css';

const NoticeDetailModal = lazy(() => import('../../app/header/notice/NoticeDetailModal'));
const SHOWN = 5;

/**
 * 最新公告 on the home page: the newest announcements the user received, read or not, kept live by
 * the bell's socket; a click opens one.
 */
export function LatestNotices() {
  const [items, setItems] = useState<ReceivedNotice[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [shown, setShown] = useState<Notice | null>(null);

  // loaded at once and again whenever the bell's live socket brings announcements
  useEffect(() => {
    // only the newest answer counts, and none after the page closed
    let latest = 0;
    const load = () => {
      const n = ++latest;
      fetchReceived(SHOWN).then(
        (list) => {
          if (n !== latest) return;
          setItems(list);
          setFailed(false);
        },
        () => n === latest && setFailed(true),
      );
    };
    load();
    window.addEventListener(NOTICES_ARRIVED_EVENT, load);
    return () => {
      latest++;
      window.removeEventListener(NOTICES_ARRIVED_EVENT, load);
    };
  }, []);

  const open = (n: ReceivedNotice) => {
    setShown(n);
    if (n.readFlag === '1') return;
    setItems((list) => list?.map((i) => (i.id === n.id ? { ...i, readFlag: '1' } : i)) ?? null);
    void markRead(n.id).catch((e: unknown) => console.warn('markRead failed', e));
  };

  return (
    <Card title={t('dashboard.notices')}>
      {failed ? (
        <Empty description={t('dashboard.noticesFailed')} />
      ) : !items ? (
        <Skeleton active paragraph={{ rows: 3 }} title={false} />
      ) : items.length === 0 ? (
        <Empty description={t('dashboard.noNotices')} />
      ) : (
        <ul className={styles.list} aria-label={t('dashboard.notices')}>
          {items.map((n) => (
            <li key={n.id} className={styles.item}>
              <PriorityTag priority={n.priority} />
              <Button type="link" className={styles.title} onClick={() => open(n)}>
                {n.titile}
              </Button>
              {n.readFlag !== '1' && <span className={styles.unread}>{t('dashboard.unread')}</span>}
              <Typography.Text type="secondary" className={styles.time}>
                {n.sendTime}
              </Typography.Text>
            </li>
          ))}
        </ul>
      )}
      {shown && (
        <Suspense fallback={null}>
          <NoticeDetailModal notice={shown} onClose={() => setShown(null)} />
        </Suspense>
      )}
    </Card>
  );
}

import { Button, Empty, List, Tabs, Typography } from 'antd';
import type { Notice, UnreadNotices } from './notice-api';
import { PriorityTag } from './PriorityTag';
import styles from './NoticeBell.module.css';
import { t } from '../../i18n/i18n';

function NoticeList({ items, onOpen }: { items: Notice[]; onOpen: (n: Notice) => void }) {
  if (!items.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('notice.empty')} />;
  return (
    <List
      size="small"
      dataSource={items}
      renderItem={(n) => (
        <List.Item style={{ padding: '8px 4px' }}>
          <button type="button" className={styles.item} onClick={() => onOpen(n)}>
            <Typography.Text ellipsis style={{ display: 'block', maxWidth: 300 }}>
              <PriorityTag priority={n.priority} />
              {n.titile}
            </Typography.Text>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('notice.sentBy', { sender: n.sender ?? '', time: n.sendTime ?? '' })}
            </Typography.Text>
          </button>
        </List.Item>
      )}
    />
  );
}

interface Props {
  unread: UnreadNotices;
  onOpen: (n: Notice) => void;
  onReadAll: () => void;
}

/** The bell's dropdown: the newest unread announcements by category, and 全部已读. */
export default function NoticePanel({ unread, onOpen, onReadAll }: Props) {
  return (
    <div style={{ width: 340 }}>
      <Tabs
        size="small"
        items={[
          {
            key: 'annt',
            label: t('notice.tabAnnouncements', { count: unread.anntMsgTotal }),
            children: <NoticeList items={unread.anntMsgList} onOpen={onOpen} />,
          },
          {
            key: 'sys',
            label: t('notice.tabSystem', { count: unread.sysMsgTotal }),
            children: <NoticeList items={unread.sysMsgList} onOpen={onOpen} />,
          },
        ]}
      />
      <div style={{ textAlign: 'center', borderTop: '1px solid rgba(5, 5, 5, 0.06)', paddingTop: 8 }}>
        <Button
          type="link"
          size="small"
          disabled={!unread.anntMsgTotal && !unread.sysMsgTotal}
          onClick={onReadAll}
        >
          {t('notice.readAll')}
        </Button>
      </div>
    </div>
  );
}

import { Button, Empty, List, Tabs, Typography } from 'antd';
import type { Notice, UnreadNotices } from './notice-api';
import { PriorityTag } from './PriorityTag';
import styles from './NoticeBell.module.css';

function NoticeList({ items, onOpen }: { items: Notice[]; onOpen: (n: Notice) => void }) {
  if (!items.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无未读消息" />;
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
              {n.sender} 发布于 {n.sendTime}
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
            label: `通知（${unread.anntMsgTotal}）`,
            children: <NoticeList items={unread.anntMsgList} onOpen={onOpen} />,
          },
          {
            key: 'sys',
            label: `系统消息（${unread.sysMsgTotal}）`,
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
          全部已读
        </Button>
      </div>
    </div>
  );
}

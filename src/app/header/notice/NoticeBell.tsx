import { useState } from 'react';
import { BellOutlined } from '@ant-design/icons';
import { Badge, Button, Empty, List, notification, Popover, Tabs, Typography } from 'antd';
import { NOTICE_SECONDS } from '../../../core/constants';
import { notices } from '../../http/notices';
import { markAllRead, markRead, type Notice } from './notice-api';
import { NoticeDetailModal, PriorityTag } from './NoticeDetailModal';
import type { NoticeMessage } from './notice-socket';
import styles from './NoticeBell.module.css';
import { useNotices } from './use-notices';

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

/**
 * The header's notice bell (spec 2.5, reference 2.11): the count of the user's unread
 * announcements, a dropdown of the newest ones by category, a detail dialog that marks one read,
 * 全部已读, and a pop-up when a new one arrives over the live socket.
 */
export default function NoticeBell() {
  const [popup, popupHolder] = notification.useNotification();
  const [open, setOpen] = useState(false);
  const [shown, setShown] = useState<Notice | null>(null);

  const { unread, reload } = useNotices((m: NoticeMessage) => {
    popup.info({
      title: m.cmd === 'user' ? '您有一条新消息' : '新的系统通告',
      description: m.msgTxt,
      duration: NOTICE_SECONDS,
    });
  });
  const count = unread.anntMsgTotal + unread.sysMsgTotal;

  const read = async (n: Notice) => {
    setOpen(false);
    setShown(n);
    try {
      await markRead(n.id);
    } catch (e) {
      console.warn('标记已读失败', e);
    }
    void reload();
  };

  const readAll = async () => {
    try {
      notices.success(await markAllRead());
      setOpen(false);
    } catch (e) {
      notices.warning(e instanceof Error ? e.message : String(e));
    }
    void reload();
  };

  const content = (
    <div style={{ width: 340 }}>
      <Tabs
        size="small"
        items={[
          {
            key: 'annt',
            label: `通知（${unread.anntMsgTotal}）`,
            children: <NoticeList items={unread.anntMsgList} onOpen={(n) => void read(n)} />,
          },
          {
            key: 'sys',
            label: `系统消息（${unread.sysMsgTotal}）`,
            children: <NoticeList items={unread.sysMsgList} onOpen={(n) => void read(n)} />,
          },
        ]}
      />
      <div style={{ textAlign: 'center', borderTop: '1px solid rgba(5, 5, 5, 0.06)', paddingTop: 8 }}>
        <Button type="link" size="small" disabled={!count} onClick={() => void readAll()}>
          全部已读
        </Button>
      </div>
    </div>
  );

  return (
    <>
      {popupHolder}
      <Popover
        content={content}
        trigger="click"
        placement="bottomRight"
        open={open}
        onOpenChange={setOpen}
        arrow={false}
      >
        <button
          type="button"
          className="shell-header-action"
          aria-label={count ? `消息通知，${count} 条未读` : '消息通知'}
          title="消息通知"
        >
          <Badge count={count} size="small" overflowCount={99}>
            <BellOutlined style={{ fontSize: 16 }} />
          </Badge>
        </button>
      </Popover>
      <NoticeDetailModal notice={shown} onClose={() => setShown(null)} />
    </>
  );
}

import { lazy, Suspense, useState } from 'react';
import { BellOutlined } from '@ant-design/icons';
import { Badge, Popover, Spin } from 'antd';
import { NOTICE_SECONDS } from '../../../core/constants';
import { notices } from '../../http/notices';
import { markAllRead, markRead, type Notice } from './notice-api';
import type { NoticeMessage } from './notice-socket';
import { useNotices } from './use-notices';
import { t } from '../../i18n/i18n';

// the dropdown and the detail dialog load when first opened, not with the console's chrome
const NoticePanel = lazy(() => import('./NoticePanel'));
const NoticeDetailModal = lazy(() => import('./NoticeDetailModal'));

/** a new announcement, said in a pop-up (antd's notification loads with the first one) */
function popUp(m: NoticeMessage): void {
  void import('../../http/notice-display').then(({ notification }) =>
    notification.info({
      title: t(m.cmd === 'user' ? 'notice.newMessage' : 'notice.newAnnouncement'),
      description: m.msgTxt,
      duration: NOTICE_SECONDS,
    }),
  );
}

/**
 * The header's notice bell (reference 2.11): the count of the user's unread
 * announcements, a dropdown of the newest ones by category, a detail dialog that marks one read,
 * 全部已读, and a pop-up when a new one arrives over the live socket.
 */
export default function NoticeBell() {
  const [open, setOpen] = useState(false);
  const [shown, setShown] = useState<Notice | null>(null);
  const { unread, reload } = useNotices(popUp);
  const count = unread.anntMsgTotal + unread.sysMsgTotal;

  const read = async (n: Notice) => {
    setOpen(false);
    setShown(n);
    // a successful read reloads the count (NOTICE_READ_EVENT)
    await markRead(n.id).catch((e: unknown) => console.warn('marking read failed', e));
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

  return (
    <>
      <Popover
        content={
          <Suspense fallback={<Spin style={{ display: 'block', width: 340, padding: 24 }} />}>
            <NoticePanel unread={unread} onOpen={(n) => void read(n)} onReadAll={() => void readAll()} />
          </Suspense>
        }
        trigger="click"
        placement="bottomRight"
        open={open}
        onOpenChange={setOpen}
        arrow={false}
        destroyOnHidden
      >
        <button
          type="button"
          className="shell-header-action"
          aria-label={count ? t('notice.bellUnread', { count }) : t('notice.bell')}
          title={t('notice.bell')}
        >
          <Badge count={count} size="small" overflowCount={99}>
            <BellOutlined style={{ fontSize: 16 }} />
          </Badge>
        </button>
      </Popover>
      {shown && (
        <Suspense fallback={null}>
          <NoticeDetailModal notice={shown} onClose={() => setShown(null)} />
        </Suspense>
      )}
    </>
  );
}

import type { Page } from '../../../core/wire';
import { getAction, putAction } from '../../http/client';

/** an announcement as the header lists it (listByUser) */
export interface Notice {
  id: string;
  titile: string;
  msgAbstract?: string | null;
  msgContent?: string | null;
  sender?: string | null;
  /** L, M or H */
  priority?: string | null;
  /** '1' 通知公告, '2' 系统消息 */
  msgCategory?: string | null;
  sendTime?: string | null;
}

/** the current user's unread announcements: the newest 5 of each category and the totals */
export interface UnreadNotices {
  anntMsgList: Notice[];
  anntMsgTotal: number;
  sysMsgList: Notice[];
  sysMsgTotal: number;
}

export const EMPTY_UNREAD: UnreadNotices = {
  anntMsgList: [],
  anntMsgTotal: 0,
  sysMsgList: [],
  sysMsgTotal: 0,
};

export async function fetchUnread(): Promise<UnreadNotices> {
  const res = await getAction<UnreadNotices>('/sys/annountCement/listByUser');
  if (!res.success) throw new Error(res.message);
  return res.result;
}

/** fired on window when the user has read an announcement, wherever it was opened: the header's count follows */
export const NOTICE_READ_EVENT = 'notice-read';

/**
 * fired on window when the live socket brought announcements (one pushed, or a reconnection that
 * may have missed some): the home page's 最新公告 follows the bell's source instead of a socket of its own
 */
export const NOTICES_ARRIVED_EVENT = 'notices-arrived';

export async function markRead(anntId: string): Promise<void> {
  const res = await putAction('/sys/sysAnnouncementSend/editByAnntIdAndUserId', { anntId });
  if (!res.success) throw new Error(res.message);
  window.dispatchEvent(new Event(NOTICE_READ_EVENT));
}

/** an announcement the user received, read or not (getMyAnnouncementSend) */
export interface ReceivedNotice extends Notice {
  readFlag: '0' | '1';
}

/** the newest announcements the user received, read ones included */
export async function fetchReceived(pageSize: number): Promise<ReceivedNotice[]> {
  const res = await getAction<Page<ReceivedNotice>>('/sys/sysAnnouncementSend/getMyAnnouncementSend', {
    pageNo: 1,
    pageSize,
  });
  if (!res.success) throw new Error(res.message);
  return res.result.records;
}

/** marks everything the user received as read; answers the server's message ('全部已读') */
export async function markAllRead(): Promise<string> {
  const res = await putAction('/sys/sysAnnouncementSend/readAll');
  if (!res.success) throw new Error(res.message);
  return res.message;
}

import { useCallback, useEffect, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import { API_BASE } from '../../http/api-base';
import { session } from '../../stores/session';
import {
  EMPTY_UNREAD,
  fetchUnread,
  NOTICE_READ_EVENT,
  NOTICES_ARRIVED_EVENT,
  type UnreadNotices,
} from './notice-api';
import { followGrantChanges } from './grant-changes';
import { NoticeSocket, noticeSocketUrl, type NoticeMessage } from './notice-socket';

/**
 * The signed-in user's unread announcements, kept current: loaded at once, again on every socket
 * (re)connection, on every live notice, which is also handed to `onNotice`, and whenever the user
 * reads one (here or on the home page). What the socket brings is announced on window
 * (NOTICES_ARRIVED_EVENT) for the other views of the same notices.
 */
export function useNotices(onNotice: (m: NoticeMessage) => void) {
  const { token, userInfo } = useSnapshot(session);
  const userId = userInfo?.id;
  const [unread, setUnread] = useState<UnreadNotices>(EMPTY_UNREAD);
  const onNoticeRef = useRef(onNotice);
  onNoticeRef.current = onNotice;
  const latest = useRef(0);

  const reload = useCallback(async () => {
    const n = ++latest.current;
    try {
      const next = await fetchUnread();
      // a slower older answer never replaces a newer one
      if (n === latest.current) setUnread(next);
    } catch (e) {
      console.warn('unread notices failed to load', e);
    }
  }, []);

  useEffect(() => {
    if (!token || !userId) return;
    void reload();
    const arrived = () => {
      void reload();
      window.dispatchEvent(new Event(NOTICES_ARRIVED_EVENT));
    };
    let connected = false;
    const socket = new NoticeSocket(noticeSocketUrl(API_BASE, userId, token, window.location.href), {
      // after a reconnection: what arrived while the socket was down
      onOpen: () => {
        if (connected) arrived();
        connected = true;
      },
      onNotice: (m) => {
        arrived();
        onNoticeRef.current(m);
      },
      // the same socket says when grants change: menu and buttons follow without a reload
      onPermission: followGrantChanges,
    });
    socket.start();
    const onRead = () => void reload();
    window.addEventListener(NOTICE_READ_EVENT, onRead);
    return () => {
      socket.stop();
      window.removeEventListener(NOTICE_READ_EVENT, onRead);
    };
  }, [token, userId, reload]);

  return { unread, reload };
}

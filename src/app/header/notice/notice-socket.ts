import {
  LiveSocket,
  socketAddress,
  SOCKET_TIMING,
  type SocketLike,
} from '../../../../renderers/common/live-socket';

export { SOCKET_TIMING, type SocketLike };

/** a released announcement reaching this user: 'topic' everyone's, 'user' addressed to the user */
export interface NoticeMessage {
  cmd: 'topic' | 'user';
  msgId: string;
  msgTxt: string;
}

export interface NoticeSocketOptions {
  /** called for every notice */
  onNotice: (m: NoticeMessage) => void;
  /** called on every (re)connection: notices sent while away are fetched then */
  onOpen?: () => void;
  /** called when the server says grants changed (anyone's: the console checks its own) */
  onPermission?: () => void;
  timing?: typeof SOCKET_TIMING;
  create?: (url: string) => SocketLike;
}

/** the notice socket's address: <API_BASE>/websocket/<userId>?token=…, ws or wss like the page */
export function noticeSocketUrl(apiBase: string, userId: string, token: string, pageUrl: string): string {
  return socketAddress(
    `${apiBase.replace(/\/$/, '')}/websocket/${encodeURIComponent(userId)}`,
    token,
    pageUrl,
  );
}

/**
 * The live notice socket of the header ("Live socket"), kept alive by LiveSocket.
 * Unknown messages are only logged.
 */
export class NoticeSocket {
  private readonly live: LiveSocket;

  constructor(url: string, options: NoticeSocketOptions) {
    this.live = new LiveSocket(url, {
      name: 'notices',
      heartbeat: 'HeartBeat',
      onOpen: options.onOpen,
      timing: options.timing,
      create: options.create,
      onMessage: (data) => {
        const msg = (data ?? {}) as { cmd?: unknown; msgId?: unknown; msgTxt?: unknown };
        if (msg.cmd === 'heartcheck') return;
        if (msg.cmd === 'permission') return options.onPermission?.();
        if (msg.cmd !== 'topic' && msg.cmd !== 'user') return console.warn('unknown notice message', msg);
        options.onNotice({ cmd: msg.cmd, msgId: String(msg.msgId ?? ''), msgTxt: String(msg.msgTxt ?? '') });
      },
    });
  }

  start(): void {
    this.live.start();
  }

  stop(): void {
    this.live.stop();
  }
}

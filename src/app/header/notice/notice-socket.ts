import { SOCKET_SESSION_ENDED } from '../../../core/wire';

/** spec 9: a heartbeat every 10 s, a reply within 6 s, a new connection 5 s after a failure */
export const SOCKET_TIMING = { heartbeatMs: 10_000, replyTimeoutMs: 6_000, reconnectMs: 5_000 };

/** a released announcement reaching this user: 'topic' everyone's, 'user' addressed to the user */
export interface NoticeMessage {
  cmd: 'topic' | 'user';
  msgId: string;
  msgTxt: string;
}

/** what the client needs of a WebSocket (the browser's, or the ws package's in tests) */
export interface SocketLike {
  readonly readyState: number;
  onopen: ((e: unknown) => void) | null;
  onmessage: ((e: { data: unknown }) => void) | null;
  onclose: ((e: { code: number }) => void) | null;
  onerror: ((e: unknown) => void) | null;
  send(data: string): void;
  close(): void;
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

const HEARTBEAT = 'HeartBeat';

/** the notice socket's address: <API_BASE>/websocket/<userId>?token=…, ws or wss like the page */
export function noticeSocketUrl(apiBase: string, userId: string, token: string, pageUrl: string): string {
  const url = new URL(`${apiBase.replace(/\/$/, '')}/websocket/${encodeURIComponent(userId)}`, pageUrl);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  url.searchParams.set('token', token);
  return url.toString();
}

/**
 * The live notice socket of the header (spec 4 "Live socket", 9): heartbeats while open, a new
 * connection when a heartbeat goes unanswered or the connection fails or closes, none once the
 * server says the session ended. Unparseable or unknown messages and send failures are only
 * logged (spec 8).
 */
export class NoticeSocket {
  private socket: SocketLike | null = null;
  private heartbeat: ReturnType<typeof setInterval> | undefined;
  private reply: ReturnType<typeof setTimeout> | undefined;
  private reconnect: ReturnType<typeof setTimeout> | undefined;
  private stopped = true;
  private readonly timing: typeof SOCKET_TIMING;
  private readonly create: (url: string) => SocketLike;

  constructor(
    private readonly url: string,
    private readonly options: NoticeSocketOptions,
  ) {
    this.timing = options.timing ?? SOCKET_TIMING;
    this.create = options.create ?? ((u) => new WebSocket(u) as unknown as SocketLike);
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.connect();
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.reconnect);
    this.drop();
  }

  private connect(): void {
    if (this.stopped) return;
    let socket: SocketLike;
    try {
      socket = this.create(this.url);
    } catch (e) {
      console.warn('通知连接失败', e);
      this.retry();
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      this.heartbeat = setInterval(() => this.beat(), this.timing.heartbeatMs);
      this.options.onOpen?.();
    };
    socket.onmessage = (e) => {
      clearTimeout(this.reply);
      this.reply = undefined;
      this.receive(e.data);
    };
    socket.onerror = (e) => console.warn('通知连接出错', e);
    socket.onclose = (e) => {
      this.drop();
      if (e.code !== SOCKET_SESSION_ENDED) this.retry();
    };
  }

  private beat(): void {
    try {
      this.socket?.send(HEARTBEAT);
    } catch (e) {
      console.warn('心跳发送失败', e);
    }
    // an unanswered heartbeat means a dead connection, even if the browser has not noticed
    this.reply ??= setTimeout(() => {
      this.drop();
      this.retry();
    }, this.timing.replyTimeoutMs);
  }

  private receive(data: unknown): void {
    let msg: { cmd?: unknown; msgId?: unknown; msgTxt?: unknown };
    try {
      msg = JSON.parse(String(data)) as typeof msg;
    } catch {
      console.warn('无法解析的通知消息', data);
      return;
    }
    if (msg?.cmd === 'heartcheck') return;
    if (msg?.cmd === 'permission') {
      this.options.onPermission?.();
      return;
    }
    if (msg?.cmd !== 'topic' && msg?.cmd !== 'user') {
      console.warn('未知的通知消息', msg);
      return;
    }
    this.options.onNotice({ cmd: msg.cmd, msgId: String(msg.msgId ?? ''), msgTxt: String(msg.msgTxt ?? '') });
  }

  /** forgets the current connection (its late events included) and closes it */
  private drop(): void {
    clearInterval(this.heartbeat);
    clearTimeout(this.reply);
    this.heartbeat = this.reply = undefined;
    const socket = this.socket;
    this.socket = null;
    if (!socket) return;
    socket.onopen = socket.onmessage = socket.onclose = socket.onerror = null;
    try {
      socket.close();
    } catch {
      // already closed
    }
  }

  private retry(): void {
    if (this.stopped) return;
    clearTimeout(this.reconnect);
    this.reconnect = setTimeout(() => this.connect(), this.timing.reconnectMs);
  }
}

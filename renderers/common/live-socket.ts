import { SOCKET_SESSION_ENDED } from '../../src/core/wire';
import { t } from './messages';

/** a heartbeat every 10 s, a reply within 6 s, a new connection 5 s after a failure */
export const SOCKET_TIMING = { heartbeatMs: 10_000, replyTimeoutMs: 6_000, reconnectMs: 5_000 };

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

export interface LiveSocketOptions {
  /** what a heartbeat sends */
  heartbeat: string;
  /** every parsed message that arrives (heartbeat replies included) */
  onMessage: (msg: unknown) => void;
  /** called on every (re)connection */
  onOpen?: () => void;
  /** what the browser's log calls this connection (notices: "notices: connection failed") */
  name: string;
  timing?: typeof SOCKET_TIMING;
  create?: (url: string) => SocketLike;
}

/** a socket address on the page's own host: ws or wss like the page */
export function socketAddress(path: string, token: string, pageUrl: string): string {
  const url = new URL(path, pageUrl);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  url.searchParams.set('token', token);
  return url.toString();
}

/**
 * A server socket kept alive ("Live socket"): heartbeats while open, a new connection
 * when a heartbeat goes unanswered or the connection fails or closes, none once the server says
 * the session ended. Unparseable messages and send failures are only logged.
 */
export class LiveSocket {
  private socket: SocketLike | null = null;
  private heartbeat: ReturnType<typeof setInterval> | undefined;
  private reply: ReturnType<typeof setTimeout> | undefined;
  private reconnect: ReturnType<typeof setTimeout> | undefined;
  private stopped = true;
  private readonly timing: typeof SOCKET_TIMING;
  private readonly create: (url: string) => SocketLike;

  constructor(
    private readonly url: string,
    private readonly options: LiveSocketOptions,
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

  /** sends while connected; false when there is no open connection */
  send(text: string): boolean {
    if (this.socket?.readyState !== 1) return false;
    try {
      this.socket.send(text);
      return true;
    } catch (e) {
      console.warn(`${this.options.name}: sending failed`, e);
      return false;
    }
  }

  private connect(): void {
    if (this.stopped) return;
    let socket: SocketLike;
    try {
      socket = this.create(this.url);
    } catch (e) {
      console.warn(`${this.options.name}: connection failed`, e);
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
      let msg: unknown;
      try {
        msg = JSON.parse(String(e.data));
      } catch {
        console.warn(`${this.options.name}: unparseable message`, e.data);
        return;
      }
      this.options.onMessage(msg);
    };
    socket.onerror = (e) => console.warn(`${this.options.name}: connection error`, e);
    socket.onclose = (e) => {
      this.drop();
      if (e.code !== SOCKET_SESSION_ENDED) this.retry();
    };
  }

  private beat(): void {
    try {
      this.socket?.send(this.options.heartbeat);
    } catch (e) {
      console.warn(t('heartbeatFailed'), e);
    }
    // an unanswered heartbeat means a dead connection, even if the browser has not noticed
    this.reply ??= setTimeout(() => {
      this.drop();
      this.retry();
    }, this.timing.replyTimeoutMs);
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

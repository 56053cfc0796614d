import type { WebSocket } from 'ws';
import { SOCKET_SESSION_ENDED, SOCKET_TOO_MANY, TOKEN_INVALID } from '../../core/wire';
import type { AppContext, CurrentUser } from '../context';
import { ends, type SessionEnd } from '../auth/session';

/** the sockets one session may hold on a server instance (a console tab holds two: notices and tables) */
export const SOCKETS_PER_SESSION = 40;
/** the bus topic of ended sessions */
const SESSION_ENDED = 'session-ended';
/** user ids per bus message: 100 ids of up to 64 characters stay under PostgreSQL's NOTIFY limit */
const IDS_PER_MESSAGE = 100;
/** how often the sessions of open sockets are checked (more often when sessions idle out sooner) */
const CHECK_EVERY_MS = 60_000;

/**
 * The open sockets of this instance (notices and live tables) by session. A session holds at most
 * SOCKETS_PER_SESSION of them, and they close (SOCKET_SESSION_ENDED) as soon as it ends on any
 * instance: Sessions.ended tells every instance through the bus. A session that idles out ends
 * without anyone saying so, hence the check of the open sockets' sessions while there are any.
 */
export class SessionSockets {
  private readonly open = new Map<WebSocket, { key: string; userId: string }>();
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly ctx: AppContext) {}

  /** holds a new socket of the request's session; false (the socket closed) when the session holds too many */
  admit(socket: WebSocket, user: CurrentUser): boolean {
    let held = 0;
    for (const s of this.open.values()) if (s.key === user.sessionKey) held++;
    if (held >= SOCKETS_PER_SESSION) {
      socket.close(SOCKET_TOO_MANY, '连接过多');
      return false;
    }
    this.open.set(socket, { key: user.sessionKey, userId: user.id });
    socket.on('close', () => {
      this.open.delete(socket);
      if (!this.open.size && this.timer) {
        clearInterval(this.timer);
        this.timer = null;
      }
    });
    if (!this.timer) {
      const every = Math.min(CHECK_EVERY_MS, this.ctx.config.sessionIdleMinutes * 60_000);
      this.timer = setInterval(() => this.check(), every);
      this.timer.unref();
    }
    return true;
  }

  /** closes the sockets of sessions that ended */
  close(end: SessionEnd): void {
    for (const [socket, s] of this.open)
      if (ends(end, s.key, s.userId)) socket.close(SOCKET_SESSION_ENDED, TOKEN_INVALID);
  }

  /** closes the sockets whose session idled out (or ended while a bus message was lost) */
  private check(): void {
    const keys = [...new Set([...this.open.values()].map((s) => s.key))];
    this.ctx.sessions.live(keys).then(
      (live) => this.close({ keys: keys.filter((k) => !live.has(k)) }),
      (err: unknown) => this.ctx.log.warn({ err }, 'could not check the sessions of open sockets'),
    );
  }
}

/** the open sockets of this instance, closed when their session ends here or on another instance */
export function watchSessions(ctx: AppContext): SessionSockets {
  const sockets = new SessionSockets(ctx);
  ctx.sessions.ended = async (end) => {
    const parts: SessionEnd[] = [];
    if ('keys' in end) parts.push(end);
    else
      for (let i = 0; i < end.userIds.length; i += IDS_PER_MESSAGE)
        parts.push({ userIds: end.userIds.slice(i, i + IDS_PER_MESSAGE), except: end.except });
    try {
      for (const part of parts) await ctx.bus.publish(ctx.db, SESSION_ENDED, part);
    } catch (err) {
      // the sessions did end; the other instances notice within Sessions' trust period and the check above
      ctx.log.error({ err }, 'could not announce ended sessions');
    }
  };
  ctx.bus.on(SESSION_ENDED, (data) => {
    ctx.sessions.forgetEnded(data as SessionEnd);
    sockets.close(data as SessionEnd);
  });
  return sockets;
}

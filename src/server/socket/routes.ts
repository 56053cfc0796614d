import { SOCKET_SESSION_ENDED, TOKEN_INVALID } from '../../core/wire';
import type { AppContext } from '../context';
import { ok } from '../http/envelope';
import type { RouteTable } from '../http/routes';
import { SocketHub } from './hub';
import type { SessionSockets } from './session-sockets';
import { bindingOf, STAFF_BINDING } from '../auth/binding';

/**
 * The notice socket at /websocket/{userId}. The token comes as the query parameter `token`
 * (browsers cannot set headers on a WebSocket) and passes the same guard as every route; the
 * path's userId is ignored in favour of the session's user, so nobody listens in on another's
 * notices. Any message from the client is a heartbeat: it is answered with
 * {cmd:'heartcheck'} after checking that the session is still alive. The socket closes when its
 * session ends, and a session holds only so many (session-sockets.ts).
 */
export function registerSocketRoutes(t: RouteTable, ctx: AppContext, sockets: SessionSockets): SocketHub {
  const hub = new SocketHub();
  // a grant change reaches every instance (its cache) and every open console (its menu)
  ctx.permissions.changed = () =>
    void ctx.bus.publish(ctx.db, 'permission').catch((err: unknown) => {
      ctx.log.error({ err }, 'could not announce a permission change');
    });
  ctx.bus.on('permission', () => {
    ctx.permissions.forget();
    hub.send('all', { cmd: 'permission' });
  });
  t.add({
    method: 'GET',
    url: '/websocket/:userId',
    access: 'session',
    tag: '实时通知',
    summary:
      'WebSocket（?token=会话令牌）：服务端推送 {cmd:"topic"|"user", msgId, msgTxt}，权限变更时推送 {cmd:"permission"}；客户端任意消息为心跳，回复 {cmd:"heartcheck"}。会话结束时以 4001 关闭；每个会话在本实例上最多 40 个连接（含表格同步），超出的以 4029 关闭。普通 GET 返回当前用户在本实例上的连接数',
    params: [
      { name: 'userId', in: 'path', description: '忽略：以令牌的用户为准' },
      { name: 'token', in: 'query', required: true },
    ],
    handler: async (req) => ok({ connections: hub.count(req.user!.id) }),
    websocket: (socket, req) => {
      const header = req.headers['x-access-token'];
      const token =
        typeof header === 'string' && header ? header : String((req.query as { token?: unknown }).token);
      if (!sockets.admit(socket, req.user!)) return;
      hub.add(req.user!.id, socket);
      socket.on('message', () => {
        void ctx.sessions.resolve(token, bindingOf(req, STAFF_BINDING)).then(
          (user) => {
            if (!user || user.status !== 1) socket.close(SOCKET_SESSION_ENDED, TOKEN_INVALID);
            else socket.send(JSON.stringify({ cmd: 'heartcheck', msgTxt: '心跳响应' }));
          },
          (err: unknown) => ctx.log.error({ err }, 'heartbeat session check failed'),
        );
      });
    },
  });
  return hub;
}

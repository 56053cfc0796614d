import type { WebSocket } from 'ws';
import { SOCKET_SESSION_ENDED, TOKEN_INVALID } from '../../core/wire';
import type { AppContext, CurrentUser } from '../context';
import { ok } from '../http/envelope';
import type { RouteTable } from '../http/routes';
import { findById } from '../crud/read';
import { rowScope } from '../crud/scope';
import { ROW_NEWS, type RowNews } from './row-news';
import type { SessionSockets } from './session-sockets';
import { bindingOf, STAFF_BINDING } from '../auth/binding';

interface Listener {
  /** as the socket opened (its tenant); its permission codes are read again for each message */
  user: CurrentUser;
  token: string;
}

/**
 * The editable table's live socket at /vxeSocket/{userId}/{pageId} ("Live socket").
 * Unlike the upstream endpoint it needs the session token (query `token`), takes the user from
 * it (the path's userId is ignored), and passes an update on only to consoles of the same tenant
 * whose user may list the table's document at that moment; the update names the row by id, and
 * each console reads it again with its own session, so its grants and data rules decide what it sees.
 *
 * Client messages: {type:'heart_beat'} is answered {type:'heart_beat', data:true} while the
 * session lives (else the socket closes); {type:'update_vxe_table', data:{socketKey, args:[row,
 * caseId]}} after saving a row: socketKey is the document code, row.id a row the sender may see.
 * Every instance on the database then sends {type:'update_vxe_table', data:{socketKey,
 * args:[{id}, caseId]}} to its listeners; a console skips updates of its own caseId. The server
 * announces the same way the sub-table rows a master's save wrote (caseId ''), and deleted rows
 * as {type:'update_vxe_table', data:{socketKey, key:'delete', args:[{ids}, '']}} (row-news.ts).
 * The socket closes when its session ends, and a session holds only so many (session-sockets.ts).
 */
export function registerVxeSocket(t: RouteTable, ctx: AppContext, sockets: SessionSockets): void {
  const listeners = new Map<WebSocket, Listener>();

  /**
   * sends news on to the listeners of its tenant whose user may list the document now: roles and
   * grants change while a socket stays open, so the codes are read here, not kept from its start
   */
  const passOn = async (m: RowNews): Promise<void> => {
    const doc = ctx.catalog.entities.get(m.socketKey);
    if (!doc || !Array.isArray(m.ids)) return;
    const texts = m.deleted
      ? [{ socketKey: m.socketKey, key: 'delete', args: [{ ids: m.ids }, m.caseId] }]
      : m.ids.map((id) => ({ socketKey: m.socketKey, args: [{ id }, m.caseId] }));
    const frames = texts.map((d) => JSON.stringify({ type: 'update_vxe_table', data: d }));
    const tenant = [...listeners].filter(([, l]) => l.user.tenantId === m.tenantId);
    const may = new Map<string, boolean>();
    for (const [, { user }] of tenant)
      if (!may.has(user.id))
        may.set(user.id, (await ctx.permissions.codes(user.id)).has(`${doc.permission}list`));
    // sent to all at once, after the lookups: one listener's frame never lags behind another's
    for (const [socket, { user }] of tenant)
      if (socket.readyState === socket.OPEN && may.get(user.id))
        for (const frame of frames) socket.send(frame);
  };
  // one message after the other, in the order the bus delivers them
  let passing = Promise.resolve();
  ctx.bus.on(ROW_NEWS, (data) => {
    passing = passing
      .then(() => passOn(data as RowNews))
      .catch((err: unknown) => ctx.log.error({ err }, 'could not pass on row news'));
  });

  /** checks what a console says it saved, and tells every instance */
  const saved = async (sender: CurrentUser, data: unknown): Promise<void> => {
    const { socketKey, args } = (data ?? {}) as { socketKey?: unknown; args?: unknown };
    const [row, caseId] = Array.isArray(args) ? args : [];
    const id = (row as { id?: unknown } | null)?.id;
    const doc = typeof socketKey === 'string' ? ctx.catalog.entities.get(socketKey) : undefined;
    if (!doc || typeof id !== 'string') return;
    const user = { ...sender, codes: await ctx.permissions.codes(sender.id) };
    if (!user.codes.has(`${doc.permission}list`)) return;
    if (!(await findById(ctx, doc, id, await rowScope(ctx, doc, user)))) return;
    const message: RowNews = {
      socketKey: doc.code,
      ids: [id.slice(0, 64)],
      caseId: String(caseId ?? '').slice(0, 64),
      tenantId: user.tenantId,
    };
    await ctx.bus.publish(ctx.db, ROW_NEWS, message);
  };

  t.add({
    method: 'GET',
    url: '/vxeSocket/:userId/:pageId',
    access: 'session',
    tag: '实时通知',
    summary:
      '可编辑表格的实时同步 WebSocket（?token=会话令牌）：{type:"heart_beat"} 心跳；保存一行后发送 {type:"update_vxe_table", data:{socketKey: 文档编码, args:[{id}, caseId]}}，同租户内可查看该文档的其他控制台收到同样的消息并按 id 重新读取该行；主表保存写入的子表行由服务端同样推送（caseId 为空），删除的行推送 {type:"update_vxe_table", data:{socketKey, key:"delete", args:[{ids}, ""]}}。会话结束时以 4001 关闭；每个会话在本实例上最多 40 个连接（含实时通知），超出的以 4029 关闭。普通 GET 返回本实例上的连接数',
    params: [
      { name: 'userId', in: 'path', description: '忽略：以令牌的用户为准' },
      { name: 'pageId', in: 'path', description: '页面实例编号（随机）' },
      { name: 'token', in: 'query', required: true },
    ],
    handler: async (req) =>
      ok({ connections: [...listeners.values()].filter((l) => l.user.id === req.user!.id).length }),
    websocket: (socket, req) => {
      const header = req.headers['x-access-token'];
      const token =
        typeof header === 'string' && header ? header : String((req.query as { token?: unknown }).token);
      if (!sockets.admit(socket, req.user!)) return;
      listeners.set(socket, { user: req.user!, token });
      socket.on('close', () => listeners.delete(socket));
      socket.on('message', (raw) => {
        let msg: { type?: unknown; data?: unknown };
        try {
          msg = JSON.parse(String(raw));
        } catch {
          ctx.log.debug('unreadable vxeSocket message ignored');
          return;
        }
        const work =
          msg.type === 'heart_beat'
            ? ctx.sessions.resolve(token, bindingOf(req, STAFF_BINDING)).then((user) => {
                if (!user || user.status !== 1) socket.close(SOCKET_SESSION_ENDED, TOKEN_INVALID);
                else socket.send(JSON.stringify({ type: 'heart_beat', data: true }));
              })
            : msg.type === 'update_vxe_table'
              ? saved(req.user!, msg.data)
              : Promise.resolve(ctx.log.debug({ type: msg.type }, 'unknown vxeSocket message ignored'));
        work.catch((err: unknown) => ctx.log.error({ err }, 'vxeSocket message failed'));
      });
    },
  });
}

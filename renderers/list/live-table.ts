import { LiveSocket } from '../common/live-socket';
import { providers } from '../providers';

/**
 * One live table socket per page ("Live socket": /vxeSocket/{userId}/{pageId}), shared
 * by every table the page shows, open while at least one listens. A table announces the rows it
 * saved; every other table showing the same document, in this console or another, hears of them
 * (the server passes an update on only to users who may list the document). A table tells its own
 * announcements apart by its caseId. The server itself announces deleted rows, by their ids
 * (`data.key` 'delete', `args` [{ids}]), and the rows of a master's sub-tables a save wrote.
 */
const PAGE_ID = Math.random().toString(36).slice(2, 12);

/** what a table does when rows of its document changed elsewhere */
export interface RemoteChanges {
  /** a row saved elsewhere: read it again */
  saved: (id: string) => void;
  /** rows deleted (anywhere, this console included): drop them */
  deleted: (ids: string[]) => void;
}
const tables = new Map<string, Map<string, RemoteChanges>>();
let socket: LiveSocket | null = null;

function receive(msg: unknown): void {
  const { type, data } = (msg ?? {}) as {
    type?: unknown;
    data?: { socketKey?: unknown; key?: unknown; args?: unknown };
  };
  if (type !== 'update_vxe_table' || !data || !Array.isArray(data.args)) return;
  const [row, caseId] = data.args as [{ id?: unknown; ids?: unknown } | undefined, unknown];
  const listening = tables.get(String(data.socketKey)) ?? new Map<string, RemoteChanges>();
  if (data.key === 'delete') {
    const ids = Array.isArray(row?.ids) ? row.ids.filter((i): i is string => typeof i === 'string') : [];
    if (ids.length) for (const on of listening.values()) on.deleted(ids);
    return;
  }
  const id = row?.id;
  if (typeof id !== 'string') return;
  for (const [ownCase, on] of listening) if (ownCase !== caseId) on.saved(id);
}

function connect(): void {
  // the path's user id is the server's to decide (it reads the token); the page names itself
  const url = providers().session.socketUrl(`/vxeSocket/current/${PAGE_ID}`);
  if (!url || socket) return;
  socket = new LiveSocket(url, {
    name: 'table sync',
    heartbeat: JSON.stringify({ type: 'heart_beat', data: '' }),
    onMessage: receive,
  });
  socket.start();
}

/** listens for rows of `socketKey` saved or deleted elsewhere; the returned function stops listening */
export function listenToTable(socketKey: string, caseId: string, on: RemoteChanges): () => void {
  if (!tables.has(socketKey)) tables.set(socketKey, new Map());
  tables.get(socketKey)!.set(caseId, on);
  connect();
  return () => {
    tables.get(socketKey)?.delete(caseId);
    if (!tables.get(socketKey)?.size) tables.delete(socketKey);
    if (!tables.size) {
      socket?.stop();
      socket = null;
    }
  };
}

/** tells the other tables showing `socketKey` that this table saved the row */
export function announceRow(socketKey: string, id: string, caseId: string): void {
  socket?.send(JSON.stringify({ type: 'update_vxe_table', data: { socketKey, args: [{ id }, caseId] } }));
}

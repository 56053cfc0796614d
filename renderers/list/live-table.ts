import { LiveSocket } from '../common/live-socket';
import { providers } from '../providers';

/**
 * One live table socket per page (spec 4 "Live socket", 7.7: /vxeSocket/{userId}/{pageId}), shared
 * by every table the page shows, open while at least one listens. A table announces the rows it
 * saved; every other table showing the same document, in this console or another, hears of them
 * (the server passes an update on only to users who may list the document). A table tells its own
 * announcements apart by its caseId.
 */
const PAGE_ID = Math.random().toString(36).slice(2, 12);

type OnRemoteChange = (id: string) => void;
const tables = new Map<string, Map<string, OnRemoteChange>>();
let socket: LiveSocket | null = null;

function receive(msg: unknown): void {
  const { type, data } = (msg ?? {}) as { type?: unknown; data?: { socketKey?: unknown; args?: unknown } };
  if (type !== 'update_vxe_table' || !data || !Array.isArray(data.args)) return;
  const [row, caseId] = data.args as [{ id?: unknown } | undefined, unknown];
  const id = row?.id;
  if (typeof id !== 'string') return;
  for (const [ownCase, onChange] of tables.get(String(data.socketKey)) ?? [])
    if (ownCase !== caseId) onChange(id);
}

function connect(): void {
  // the path's user id is the server's to decide (it reads the token); the page names itself
  const url = providers().session.socketUrl(`/vxeSocket/current/${PAGE_ID}`);
  if (!url || socket) return;
  socket = new LiveSocket(url, {
    name: '表格同步',
    heartbeat: JSON.stringify({ type: 'heart_beat', data: '' }),
    onMessage: receive,
  });
  socket.start();
}

/** listens for rows of `socketKey` saved elsewhere; the returned function stops listening */
export function listenToTable(socketKey: string, caseId: string, onChange: OnRemoteChange): () => void {
  if (!tables.has(socketKey)) tables.set(socketKey, new Map());
  tables.get(socketKey)!.set(caseId, onChange);
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

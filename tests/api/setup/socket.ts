import WebSocket from 'ws';
import { apiUrl } from './client';

/** the notice socket's URL on the test server (ws:// + API base + /websocket/{userId}) */
export function socketUrl(userId: string, token?: string, base = apiUrl()): string {
  const u = new URL(`${base.replace(/^http/, 'ws')}/websocket/${userId}`);
  if (token) u.searchParams.set('token', token);
  return u.toString();
}

/**
 * An open socket that queues what it receives, so a test can await messages in order. Permission
 * changes ({cmd:'permission'}, sent to every console whenever any grant changes, as other suites
 * do all the time) queue apart: next() gives notices and heartbeats, nextPermission() those.
 */
export async function openSocket(url: string, headers?: Record<string, string>) {
  const ws = new WebSocket(url, { headers });
  const queues = { notice: [] as unknown[], permission: [] as unknown[] };
  const waiting = { notice: [] as ((m: unknown) => void)[], permission: [] as ((m: unknown) => void)[] };
  let closedWith: { code: number; reason: string } | null = null;
  const closeWaiting: ((c: { code: number; reason: string }) => void)[] = [];
  ws.on('close', (code, reason) => {
    closedWith = { code, reason: String(reason) };
    for (const w of closeWaiting.splice(0)) w(closedWith);
  });
  ws.on('message', (data) => {
    const msg = JSON.parse(String(data));
    const kind = msg?.cmd === 'permission' ? 'permission' : 'notice';
    const w = waiting[kind].shift();
    if (w) w(msg);
    else queues[kind].push(msg);
  });
  const take = (kind: 'notice' | 'permission'): Promise<any> => {
    if (queues[kind].length) return Promise.resolve(queues[kind].shift());
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no message within 5 s')), 5000);
      waiting[kind].push((m) => {
        clearTimeout(timer);
        resolve(m);
      });
    });
  };
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('unexpected-response', (_req, res) => reject(new Error(`refused with HTTP ${res.statusCode}`)));
    ws.once('error', reject);
  });
  return {
    ws,
    /** the next notice or heartbeat reply (fails the test after a few seconds) */
    next: () => take('notice'),
    /**
     * notices up to and including the one about msgId: other files release announcements for
     * everyone on the same server at any time, so a test looks for its own among them
     */
    until: async (msgId: string): Promise<any[]> => {
      const got: any[] = [];
      do got.push(await take('notice'));
      while (got[got.length - 1]?.msgId !== msgId);
      return got;
    },
    /** the next permission-change message */
    nextPermission: () => take('permission'),
    /** the close code and reason, once the socket has closed (fails the test after `ms`) */
    closed: (ms = 5000): Promise<{ code: number; reason: string }> =>
      closedWith
        ? Promise.resolve(closedWith)
        : new Promise((resolve, reject) => {
            const timer = setTimeout(() => reject(new Error(`not closed within ${ms} ms`)), ms);
            closeWaiting.push((c) => {
              clearTimeout(timer);
              resolve(c);
            });
          }),
    close: () => ws.close(),
  };
}

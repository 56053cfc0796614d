import WebSocket from 'ws';
import { apiUrl } from './client';

/** the notice socket's URL on the test server (ws:// + API base + /websocket/{userId}) */
export function socketUrl(userId: string, token?: string, base = apiUrl()): string {
  const u = new URL(`${base.replace(/^http/, 'ws')}/websocket/${userId}`);
  if (token) u.searchParams.set('token', token);
  return u.toString();
}

/** an open socket that queues what it receives, so a test can await messages in order */
export async function openSocket(url: string) {
  const ws = new WebSocket(url);
  const queue: unknown[] = [];
  const waiting: ((m: unknown) => void)[] = [];
  ws.on('message', (data) => {
    const msg = JSON.parse(String(data));
    const w = waiting.shift();
    if (w) w(msg);
    else queue.push(msg);
  });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('unexpected-response', (_req, res) => reject(new Error(`refused with HTTP ${res.statusCode}`)));
    ws.once('error', reject);
  });
  return {
    ws,
    /** the next message (fails the test after a few seconds) */
    next(): Promise<any> {
      if (queue.length) return Promise.resolve(queue.shift());
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no message within 5 s')), 5000);
        waiting.push((m) => {
          clearTimeout(timer);
          resolve(m);
        });
      });
    },
    close: () => ws.close(),
  };
}

import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

/**
 * Connections nobody may hold: the server as `npm start` runs it (src/server/main.ts in a process of
 * its own, serving a web app), reached over raw TCP. An upgrade asked for anywhere but a socket path
 * is refused and its connection closed at once, so no number of them uses up the server's file
 * handles; and the process stops on SIGTERM while clients hold sockets open.
 */

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'museum-conn-'));
const webDir = path.join(root, 'web');
let child: ChildProcess;
let port = 0;
let exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;

beforeAll(async () => {
  fs.mkdirSync(webDir);
  // the size of the real page (it carries the static login page): bigger than a socket's buffer
  fs.writeFileSync(path.join(webDir, 'index.html'), `<!doctype html><p>${'页'.repeat(70_000)}</p>`);
  child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: path.join(root, 'data'),
      WEB_DIR: webDir,
      DATABASE_URL: '',
      ADMIN_PASSWORD: inject('adminPassword'),
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  let out = '';
  child.stderr!.on('data', (d) => (out += d));
  port = await new Promise<number>((resolve, reject) => {
    child.stdout!.on('data', (d) => {
      out += d;
      const m = /is running: http:\/\/[^:]+:(\d+)\//.exec(out);
      if (m) resolve(Number(m[1]));
    });
    child.once('exit', () => reject(new Error(`server did not start:\n${out}`)));
  });
}, 120_000);

afterAll(() => {
  if (child?.exitCode === null) child.kill('SIGKILL');
  fs.rmSync(root, { recursive: true, force: true });
});

const UPGRADE = (p: string, extra = '') =>
  `GET ${p} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n` +
  `Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n${extra}\r\n`;

/** sends raw request text and never closes: resolves with what arrived once the server closes */
function untilServerCloses(text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const sock = net.connect(port, '127.0.0.1');
    let got = '';
    sock.on('data', (d) => (got += d));
    sock.on('close', () => resolve(got));
    sock.on('error', reject);
    sock.write(text);
  });
}

/** a raw socket that sent `text` and received `until`, then is left open and never read again */
function held(text: string, until: RegExp): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const sock = net.connect(port, '127.0.0.1');
    let got = '';
    const onData = (d: Buffer) => {
      got += d;
      if (until.test(got)) {
        sock.off('data', onData);
        sock.pause();
        resolve(sock);
      }
    };
    sock.on('data', onData);
    sock.on('error', reject);
    sock.write(text);
  });
}

/** the server process's open sockets and whether any descriptor points at the page */
function descriptors(): { sockets: number; page: number } {
  const dir = `/proc/${child.pid}/fd`;
  const links = fs.readdirSync(dir).map((fd) => {
    try {
      return fs.readlinkSync(path.join(dir, fd));
    } catch {
      return '';
    }
  });
  return {
    sockets: links.filter((l) => l.startsWith('socket:')).length,
    page: links.filter((l) => l.startsWith(webDir)).length,
  };
}

async function adminToken(): Promise<{ token: string; id: string }> {
  const res = await fetch(`http://127.0.0.1:${port}/api/sys/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: inject('adminPassword') }),
  });
  const json = await res.json();
  return { token: json.result.token, id: json.result.userInfo.id };
}

describe('the server as npm start runs it', () => {
  it('serves pages, and refuses an upgrade on any non-socket path, closing the connection at once', async () => {
    const page = await fetch(`http://127.0.0.1:${port}/some/page`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('页页页');
    const before = descriptors();
    const paths = ['/', '/some/page', '/api/sys/login', '/api/docs', '/api/nowhere'];
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) => untilServerCloses(UPGRADE(paths[i % paths.length]))),
    );
    for (const a of answers) {
      expect(a.split('\r\n')[0]).toBe('HTTP/1.1 400 Bad Request');
      expect(a).toContain('该地址不支持 WebSocket 连接');
    }
    expect(descriptors().page).toBe(0);
    await expect.poll(() => descriptors().sockets).toBeLessThanOrEqual(before.sockets);
  });

  it('still upgrades the notice socket', async () => {
    const { token, id } = await adminToken();
    const ws = new WebSocket(`ws://127.0.0.1:${port}/api/websocket/${id}?token=${encodeURIComponent(token)}`);
    const reply = await new Promise<string>((resolve, reject) => {
      ws.on('open', () => ws.send('ping'));
      ws.on('message', (d) => resolve(String(d)));
      ws.on('error', reject);
    });
    expect(JSON.parse(reply)).toMatchObject({ cmd: 'heartcheck' });
    ws.terminate();
  });

  it('stops on SIGTERM while clients hold a socket that never answers and an idle connection', async () => {
    const { token, id } = await adminToken();
    const socket = await held(
      UPGRADE(`/api/websocket/${id}?token=${encodeURIComponent(token)}`),
      /101 Switching Protocols\r\n[\s\S]*\r\n\r\n/,
    );
    const idle = await held('GET /api/docs HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n', /"openapi"/);
    child.kill('SIGTERM');
    expect(await exited).toEqual({ code: 0, signal: null });
    socket.destroy();
    idle.destroy();
  });
});

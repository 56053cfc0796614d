import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import {
  NoticeSocket,
  noticeSocketUrl,
  type NoticeMessage,
  type SocketLike,
} from '../../src/app/header/notice/notice-socket';
import { SOCKET_SESSION_ENDED, TOKEN_INVALID } from '../../src/core/wire';

/**
 * The header's notice socket against a real WebSocket server on localhost (the ws package), with
 * the spec's intervals scaled down so a test takes moments. Assertions wait for what happened,
 * never for a time.
 */

// a generous reply deadline: a busy machine must not make an answered heartbeat look lost
const timing = { heartbeatMs: 50, replyTimeoutMs: 500, reconnectMs: 30 };

let server: WebSocketServer;
let url = '';
/** every connection the server accepted, newest last, with what the client sent on it */
let peers: { socket: WebSocket; received: string[] }[] = [];
/** whether the server answers heartbeats */
let answering = true;
let client: NoticeSocket | null = null;

beforeEach(async () => {
  peers = [];
  answering = true;
  server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await new Promise<void>((r) => server.once('listening', () => r()));
  const { port } = server.address() as { port: number };
  url = `ws://127.0.0.1:${port}/api/websocket/u1?token=t`;
  server.on('connection', (socket) => {
    const peer = { socket, received: [] as string[] };
    peers.push(peer);
    socket.on('message', (data) => {
      peer.received.push(String(data));
      if (answering) socket.send(JSON.stringify({ cmd: 'heartcheck' }));
    });
  });
});

afterEach(async () => {
  client?.stop();
  client = null;
  vi.restoreAllMocks();
  for (const p of peers) p.socket.terminate();
  await new Promise((r) => server.close(r));
});

function connect(onNotice: (m: NoticeMessage) => void = () => {}, onOpen?: () => void) {
  client = new NoticeSocket(url, {
    onNotice,
    onOpen,
    timing,
    create: (u) => new WebSocket(u) as unknown as SocketLike,
  });
  client.start();
  return client;
}

const openPeers = () => peers.filter((p) => p.socket.readyState === WebSocket.OPEN).length;

describe('notice socket ("Live socket")', () => {
  it('lives under the API base, with the page’s scheme and the token as a parameter', () => {
    expect(noticeSocketUrl('/api', 'u 1', 'a+b', 'http://museum.local:8080/system/dict')).toBe(
      'ws://museum.local:8080/api/websocket/u%201?token=a%2Bb',
    );
    expect(noticeSocketUrl('/ctx/api/', 'u1', 't', 'https://museum.example/')).toBe(
      'wss://museum.example/ctx/api/websocket/u1?token=t',
    );
  });

  it('hands topic and user notices on; heartbeat answers, unknown and unparseable messages are only logged', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const got: NoticeMessage[] = [];
    connect((m) => got.push(m));
    await vi.waitFor(() => expect(openPeers()).toBe(1));
    const server = peers[0].socket;
    server.send('not json');
    server.send(JSON.stringify({ cmd: 'heartcheck' }));
    server.send(JSON.stringify({ cmd: 'dance', msgId: 'x' }));
    server.send(JSON.stringify({ cmd: 'topic', msgId: 'a1', msgTxt: '闭馆通知' }));
    server.send(JSON.stringify({ cmd: 'user', msgId: 'a2', msgTxt: '给你的' }));
    await vi.waitFor(() => expect(got).toHaveLength(2));
    expect(got).toEqual([
      { cmd: 'topic', msgId: 'a1', msgTxt: '闭馆通知' },
      { cmd: 'user', msgId: 'a2', msgTxt: '给你的' },
    ]);
    expect(warn).toHaveBeenCalledWith('notices: unparseable message', 'not json');
    expect(warn).toHaveBeenCalledWith('unknown notice message', { cmd: 'dance', msgId: 'x' });
  });

  it('sends heartbeats and stays on the one connection while they are answered', async () => {
    connect();
    await vi.waitFor(() => expect(peers[0]?.received.length ?? 0).toBeGreaterThanOrEqual(3));
    expect(new Set(peers[0].received)).toEqual(new Set(['HeartBeat']));
    expect(peers).toHaveLength(1);
  });

  it('connects again when a heartbeat goes unanswered, and reports every new connection', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    answering = false;
    let opened = 0;
    connect(undefined, () => opened++);
    await vi.waitFor(() => expect(peers.length).toBeGreaterThanOrEqual(2));
    // the silent connection was given up
    await vi.waitFor(() => expect(peers[0].socket.readyState).toBe(WebSocket.CLOSED));
    await vi.waitFor(() => expect(opened).toBeGreaterThanOrEqual(2));
  });

  it('connects again after the server closes the connection, but not after the session ended', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    connect();
    await vi.waitFor(() => expect(openPeers()).toBe(1));
    peers[0].socket.close(1011, 'restart');
    await vi.waitFor(() => expect(openPeers()).toBe(1));
    expect(peers).toHaveLength(2);

    peers[1].socket.close(SOCKET_SESSION_ENDED, TOKEN_INVALID);
    await vi.waitFor(() => expect(peers[1].socket.readyState).toBe(WebSocket.CLOSED));
    // well past the reconnect delay and several heartbeats: no third connection
    await new Promise((r) => setTimeout(r, timing.reconnectMs * 5));
    expect(peers).toHaveLength(2);
  });

  it('keeps trying while the server is unreachable, and connects once it is back', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { port } = server.address() as { port: number };
    await new Promise((r) => server.close(r));
    let opened = 0;
    connect(undefined, () => opened++);
    // a few refused attempts later the server comes back on the same port
    await new Promise((r) => setTimeout(r, timing.reconnectMs * 3));
    server = new WebSocketServer({ host: '127.0.0.1', port });
    server.on('connection', (socket) => peers.push({ socket, received: [] }));
    await vi.waitFor(() => expect(opened).toBe(1));
  });

  it('stop() closes the connection for good', async () => {
    connect();
    await vi.waitFor(() => expect(openPeers()).toBe(1));
    client!.stop();
    await vi.waitFor(() => expect(peers[0].socket.readyState).toBe(WebSocket.CLOSED));
    await new Promise((r) => setTimeout(r, timing.reconnectMs * 5));
    expect(peers).toHaveLength(1);
  });
});

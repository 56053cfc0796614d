import type { WebSocket } from 'ws';

/**
 * A message on /websocket: 'topic' for everyone's notice, 'user' for a user's own, 'heartcheck'
 * answers a heartbeat, 'permission' says grants changed (the console reloads its menu and buttons).
 */
export interface SocketMessage {
  cmd: 'topic' | 'user' | 'heartcheck' | 'permission';
  msgId?: string;
  msgTxt?: string;
}

/** The open notice sockets of this server instance, by user. */
export class SocketHub {
  private readonly sockets = new Map<WebSocket, string>();

  add(userId: string, socket: WebSocket): void {
    this.sockets.set(socket, userId);
    socket.on('close', () => this.sockets.delete(socket));
  }

  count(userId: string): number {
    return [...this.sockets.values()].filter((u) => u === userId).length;
  }

  /** sends to every socket of the given users, or of every user when `to` is 'all' */
  send(to: 'all' | Set<string>, message: SocketMessage): number {
    const text = JSON.stringify(message);
    let sent = 0;
    for (const [socket, userId] of this.sockets) {
      if (to !== 'all' && !to.has(userId)) continue;
      if (socket.readyState === socket.OPEN) {
        socket.send(text);
        sent++;
      }
    }
    return sent;
  }
}

import { sql } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Db } from '../db/connect';

const CHANNEL = 'museum_bus';
/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more: messages carry ids, never records */
const MAX_PAYLOAD = 7900;

type Handler = (data: unknown) => void | Promise<void>;

/**
 * Messages between the server instances that share one database (PostgreSQL LISTEN/NOTIFY, which
 * PGlite has too). Every instance, the sender included, receives each message through the
 * database, so one instance or several take the same path. A message published inside a
 * transaction is delivered only when it commits.
 */
export class Bus {
  private readonly handlers = new Map<string, Handler[]>();
  private stop: (() => Promise<void>) | null = null;

  private constructor(private readonly log: FastifyBaseLogger) {}

  static async start(database: Database, log: FastifyBaseLogger): Promise<Bus> {
    const bus = new Bus(log);
    bus.stop = await database.listen(CHANNEL, (payload) => bus.dispatch(payload));
    return bus;
  }

  on(topic: string, handler: Handler): void {
    this.handlers.set(topic, [...(this.handlers.get(topic) ?? []), handler]);
  }

  /** sends through `db` (pass the transaction to deliver on commit) */
  async publish(db: Db, topic: string, data: unknown = null): Promise<void> {
    const payload = JSON.stringify({ topic, data });
    if (Buffer.byteLength(payload) > MAX_PAYLOAD) throw new Error(`bus message too large: ${topic}`);
    await sql`select pg_notify(${CHANNEL}, ${payload})`.execute(db);
  }

  private dispatch(payload: string): void {
    let msg: { topic?: unknown; data?: unknown };
    try {
      msg = JSON.parse(payload);
    } catch {
      this.log.warn({ payload: payload.slice(0, 200) }, 'unreadable bus message ignored');
      return;
    }
    for (const h of this.handlers.get(String(msg.topic)) ?? []) {
      Promise.resolve()
        .then(() => h(msg.data))
        .catch((err) => this.log.error({ err, topic: msg.topic }, 'bus handler failed'));
    }
  }

  async close(): Promise<void> {
    await this.stop?.();
    this.stop = null;
  }
}

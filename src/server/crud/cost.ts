import { sql } from 'kysely';
import type { Db } from '../db/connect';
import type { EntityDocument } from '../../core/document/types';
import type { Group, Node } from '../../core/query/ast';
import { columnMap } from './compile';
import { BizError } from '../http/envelope';
import { asHeavy } from '../db/scope';

const PATTERN_RULES = new Set(['like', 'not_like', 'left_like', 'right_like', 'multi_like']);
/** a trigram index serves a pattern only when it has a run of 3 characters to look up */
const TRIGRAM_MIN = 3;

export interface QueryLimits {
  /** heavy queries one user may have running at once; more are refused */
  perUser: number;
  /** heavy queries running at once on this instance; more wait (up to waitMs) */
  lanes: number;
  /** a list is heavy from this many row × unindexed-pattern evaluations (the table's rows: db/table-sizes.ts) */
  heavyWork: number;
  /** on a table of this many rows or more ... */
  minRows: number;
  /** ... at most this many pattern conditions no index serves */
  maxUnindexedLikes: number;
  /** how long a heavy query may wait for a lane before it is refused */
  waitMs: number;
}

export const TOO_COMPLEX = (n: number) =>
  `查询条件过于复杂：无索引字段的模糊查询条件最多${n}个，请减少条件或改用精确查询`;
export const TOO_MANY_OF_YOURS = (n: number) =>
  `您同时进行的复杂查询已达上限（${n}个），请等待之前的查询完成后再试`;
export const BUSY = '当前复杂查询较多，请稍后再试';

/**
 * What a list may cost, so that no user's allowed-but-expensive queries stall everyone. The cost
 * that matters is pattern conditions (like, not like, …) no index serves (the column has no trigram
 * index, or the pattern is too short for one), each evaluated on every row of the table (its size as
 * db/table-sizes.ts tells it): a list is heavy from `heavyWork` such evaluations, and on a big table
 * more than `maxUnindexedLikes` of those conditions are refused outright. Export batches are heavy.
 * Heavy work runs through lanes (one on the embedded database, where its statements also wait until
 * no other request waits for the single connection, db/connect.ts, and a heavy list is read in
 * slices, crud/slices.ts) and is limited per user. Light lists never wait here. On PostgreSQL every
 * read of a request also has a statement timeout (db/connect.ts).
 */
export class QueryGate {
  /** "table.column" of every trigram index */
  private trigram = new Set<string>();
  private running = new Map<string, number>();
  private active = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    readonly limits: QueryLimits,
    /** the rows a table holds, as its statistics say (kept true after bulk writes: db/table-sizes.ts) */
    private readonly rows: (db: Db, table: string) => Promise<number>,
  ) {}

  /** reads which columns have a trigram index (after the document sync made them) */
  async loadIndexes(db: Db): Promise<void> {
    const rows = await sql<{ tablename: string; indexdef: string }>`
      select tablename, indexdef from pg_indexes
       where schemaname = current_schema() and indexdef like '%gin_trgm_ops%'`.execute(db);
    this.trigram = new Set(
      rows.rows.flatMap((r) => {
        const m = /\(\s*"?([a-z_][a-z0-9_]*)"?\s+gin_trgm_ops/.exec(r.indexdef);
        return m ? [`${r.tablename}.${m[1]}`] : [];
      }),
    );
  }

  /** pattern conditions of the filter that no index serves */
  unindexedPatterns(doc: EntityDocument, filter: Group): number {
    const columns = columnMap(doc);
    const patternServed = (column: string, value: string) =>
      this.trigram.has(`${doc.table}.${column}`) && value.length >= TRIGRAM_MIN;
    const walk = (n: Node): number => {
      if (n.type === 'group') return n.items.reduce((sum, i) => sum + walk(i), 0);
      if (!PATTERN_RULES.has(n.rule)) return 0;
      const column = columns.get(n.field)?.column ?? '';
      const values = ([] as string[]).concat(n.value ?? '');
      if (n.rule === 'not_like') return values.length;
      return values.filter((v) => !patternServed(column, v)).length;
    };
    return walk(filter);
  }

  /** is this list heavy? Throws (a clear message) when it would cost more than any list may. */
  async assess(db: Db, doc: EntityDocument, filter: Group): Promise<boolean> {
    const unindexed = this.unindexedPatterns(doc, filter);
    if (!unindexed) return false;
    const rows = Math.max(0, await this.rows(db, doc.table));
    if (rows >= this.limits.minRows && unindexed > this.limits.maxUnindexedLikes)
      throw new BizError(TOO_COMPLEX(this.limits.maxUnindexedLikes));
    return rows * unindexed >= this.limits.heavyWork;
  }

  /**
   * Runs heavy work for a user. A list is refused when the user already has `perUser` heavy queries
   * running, and when no lane frees up within `waitMs`. An export's batch (its answer is already
   * streaming, where a refusal could only break the file) counts for its user and waits for a lane.
   */
  async run<T>(
    owner: string | undefined,
    work: () => Promise<T>,
    kind: 'list' | 'export' = 'list',
  ): Promise<T> {
    const mine = owner ? (this.running.get(owner) ?? 0) : 0;
    if (owner && kind === 'list' && mine >= this.limits.perUser)
      throw new BizError(TOO_MANY_OF_YOURS(this.limits.perUser));
    if (owner) this.running.set(owner, mine + 1);
    try {
      await this.lane(kind === 'list' ? this.limits.waitMs : undefined);
      try {
        return await asHeavy(work);
      } finally {
        this.leave();
      }
    } finally {
      if (owner) {
        const left = (this.running.get(owner) ?? 1) - 1;
        if (left) this.running.set(owner, left);
        else this.running.delete(owner);
      }
    }
  }

  private lane(waitMs: number | undefined): Promise<void> {
    if (this.active < this.limits.lanes && !this.waiting.length) {
      this.active++;
      return Promise.resolve();
    }
    return new Promise((resolve, reject) => {
      const enter = () => {
        clearTimeout(timer);
        this.active++;
        resolve();
      };
      const timer =
        waitMs === undefined
          ? undefined
          : setTimeout(() => {
              this.waiting.splice(this.waiting.indexOf(enter), 1);
              reject(new BizError(BUSY));
            }, waitMs);
      this.waiting.push(enter);
    });
  }

  private leave(): void {
    this.active--;
    // the next heavy query starts after what the finished one's answer set going
    setImmediate(() => {
      if (this.waiting.length && this.active < this.limits.lanes) this.waiting.shift()!();
    });
  }
}

/**
 * "The floor" of npm run bench: a minimal Fastify + pg handler, no code of ours, doing the SQL each
 * bench case needs on a plain copy of the bench rows (primary key and a createTime index only, as a
 * developer without a framework would have). Runs as a child process of bench.ts.
 *
 * env: FLOOR_PORT, FLOOR_TABLE, and FLOOR_DATABASE_URL (PostgreSQL) or FLOOR_PGLITE_DIR (embedded,
 * through the same pg shim as the app).
 */
import Fastify from 'fastify';
import pg from 'pg';

const FLOOR_TABLE = process.env.FLOOR_TABLE!;
if (!/^[a-z_]+$/.test(FLOOR_TABLE)) throw new Error('FLOOR_TABLE');
const COLUMNS = 'id, create_by, create_time, update_by, update_time, sys_org_code, name, status, amount';
/** page number and size come from the request, bound like any handler would */
const PAGE = `select ${COLUMNS} from ${FLOOR_TABLE} %WHERE% order by create_time desc, id desc limit $1 offset $2`;

async function pool(): Promise<pg.Pool> {
  if (process.env.FLOOR_DATABASE_URL)
    return new pg.Pool({ connectionString: process.env.FLOOR_DATABASE_URL, max: 10 });
  const { PGlite } = await import('@electric-sql/pglite');
  const { createPgConfig } = await import('@electric-sql/pglite/node-postgres');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const pglite = await PGlite.create(process.env.FLOOR_PGLITE_DIR!, { extensions: { pg_trgm } });
  return new pg.Pool(createPgConfig(pglite) as unknown as pg.PoolConfig);
}

const db = await pool();
const app = Fastify({ logger: false });

type Query = { pageNo?: string; pageSize?: string; q?: string; id?: string };
const paging = (q: Query) => {
  const size = Number(q.pageSize ?? 10);
  const no = Number(q.pageNo ?? 1);
  return { size, no, params: [size, (no - 1) * size] };
};
const page = (records: unknown[], total: number, size: number, no: number) => ({
  success: true,
  message: '',
  code: 200,
  result: { records, total, size, current: no, pages: Math.ceil(total / size) },
  timestamp: Date.now(),
});

app.get('/page', async (req) => {
  const p = paging(req.query as Query);
  return page((await db.query(PAGE.replace('%WHERE%', ''), p.params)).rows, 0, p.size, p.no);
});

app.get('/total', async (req) => {
  const p = paging(req.query as Query);
  const rows = (await db.query(PAGE.replace('%WHERE%', ''), p.params)).rows;
  const n = (await db.query(`select count(*) as n from ${FLOOR_TABLE}`)).rows[0].n;
  return page(rows, Number(n), p.size, p.no);
});

app.get('/like', async (req) => {
  const q = req.query as Query;
  const p = paging(q);
  const like = `%${q.q}%`;
  const sql = PAGE.replace('%WHERE%', 'where name ilike $3');
  const rows = (await db.query(sql, [...p.params, like])).rows;
  const n = (await db.query(`select count(*) as n from ${FLOOR_TABLE} where name ilike $1`, [like])).rows[0]
    .n;
  return page(rows, Number(n), p.size, p.no);
});

/** the bench report's own SQL, paged and counted as a developer would write it */
app.get('/report', async (req) => {
  const q = req.query as Query & { min?: string };
  const p = paging(q);
  const where = `from ${FLOOR_TABLE} where amount >= $1`;
  const rows = (
    await db.query(
      `select id, name, status, amount, create_time ${where} order by create_time desc limit $2 offset $3`,
      [q.min, ...p.params],
    )
  ).rows;
  const n = (await db.query(`select count(*) as n ${where}`, [q.min])).rows[0].n;
  return page(rows, Number(n), p.size, p.no);
});

app.get('/byId', async (req) => {
  const rows = (
    await db.query(`select ${COLUMNS} from ${FLOOR_TABLE} where id = $1`, [(req.query as Query).id])
  ).rows;
  return { success: true, message: '', code: 200, result: rows[0], timestamp: Date.now() };
});

await app.listen({ port: Number(process.env.FLOOR_PORT), host: '127.0.0.1' });
console.log('floor ready');
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => void app.close().then(() => db.end().then(() => process.exit(0))));

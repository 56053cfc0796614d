import { sql, type Expression, type SqlBool } from 'kysely';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { docDb, type DocDb } from '../../db/connect';
import type { EntityDocument, TableDict } from '../../../core/document/types';
import { columnByKey } from '../../../core/document/model';
import { BizError, fail, ok, page } from '../../http/envelope';
import { idList, text } from '../../http/params';
import type { RouteTable } from '../../http/routes';
import { setEntityHooks } from '../../crud/hooks';
import { addDictText, listPage, parseQuery } from '../../crud/read';
import { selectSql } from '../../crud/compile';
import { parseCondition, sourceOf } from '../../dict/table-dict';
import { conditionSql } from '../../dict/service';
import { dictScope } from '../../dict/access';
import { GENERATORS } from '../rules/generators';

const TABLE = 'sys_category';
const ROOT = '0';
const MAX_NODES = 5000;
/** what the category pickers read: the tree of names by id (their nodes also carry the positional code) */
const CATEGORY_NODES: TableDict = {
  table: TABLE,
  text: 'name',
  code: 'id',
  pidField: 'pid',
  hasChildField: 'has_child',
};
type Where = Expression<SqlBool>[];

interface TreeNode {
  key: string;
  value: string;
  title: string;
  label: string;
  code: string;
  parentId: string;
  isLeaf: boolean;
  leaf: boolean;
  children?: TreeNode[];
}

/** one level of the tree under the given parents, as the pickers' nodes */
async function childNodes(db: DocDb, pids: string[], where: Where): Promise<TreeNode[]> {
  if (!pids.length) return [];
  const rows = await db
    .selectFrom(TABLE)
    .select(['id', 'pid', 'name', 'code', 'has_child'])
    .where('pid', 'in', pids)
    .where((eb) => eb.and(where))
    .orderBy('code')
    .limit(MAX_NODES)
    .execute();
  return rows.map((r) => ({
    key: r.id as string,
    value: r.id as string,
    title: r.name as string,
    label: r.name as string,
    code: r.code as string,
    parentId: r.pid as string,
    isLeaf: r.has_child !== '1',
    leaf: r.has_child !== '1',
  }));
}

/** the whole subtree below the given nodes, a level at a time */
async function withDescendants(db: DocDb, level: TreeNode[], where: Where): Promise<TreeNode[]> {
  let current = level;
  let total = level.length;
  while (current.length && total < MAX_NODES) {
    const children = await childNodes(
      db,
      current.filter((n) => !n.isLeaf).map((n) => n.key),
      where,
    );
    const byParent = new Map<string, TreeNode[]>();
    for (const c of children) byParent.set(c.parentId, [...(byParent.get(c.parentId) ?? []), c]);
    for (const n of current) if (byParent.has(n.key)) n.children = byParent.get(n.key);
    total += children.length;
    current = children;
  }
  return level;
}

/** the id of the category with this code ('0' is the root) among the rows the reader may read */
async function idOfCode(db: DocDb, code: string, where: Where): Promise<string> {
  if (code === ROOT) return ROOT;
  const rows = await db
    .selectFrom(TABLE)
    .select('id')
    .where('code', '=', code)
    .where((eb) => eb.and(where))
    .limit(2)
    .execute();
  if (!rows.length) throw new BizError(`该编码【${code}】不存在，请核实!`);
  if (rows.length > 1) throw new BizError(`该编码【${code}】存在多个，请核实!`);
  return rows[0].id as string;
}

function categoryHooks(): void {
  setEntityHooks(TABLE, {
    async beforeWrite(_c, e) {
      // the code comes from the category fill rule's generator, which locks the parent's level; the
      // document's tree.fixedParent keeps a saved node under its parent, so the code stays true
      if (e.action === 'add')
        e.values.code = await GENERATORS.category_code.run({
          db: e.db,
          ruleCode: 'category_code_rule',
          params: {},
          formData: { pid: String(e.values.pid ?? ROOT) },
        });
    },
  });
}

/**
 * The category dictionary (reference 2.10): the tree screen's calls on top of the generic CRUD of the
 * sys_category document, and the picker calls (readers as a table dictionary's). Columns a request
 * names (loadOne's field, loadTreeData's condition) are limited to the document's dictionary columns.
 */
export function registerCategoryRoutes(t: RouteTable, ctx: AppContext): void {
  const doc = ctx.catalog.entities.get(TABLE);
  if (!doc) return;
  categoryHooks();
  const list = { perm: `${doc.permission}list` };
  const tag = doc.title;
  const base = '/sys/category';

  t.add({
    method: 'GET',
    url: `${base}/rootList`,
    access: list,
    tag,
    summary: '分类树的根节点分页（pid 缺省为 0）；按 name 或 code 查询时在全部层级中查找',
    params: ['pageNo', 'pageSize', 'pid', 'name', 'code'].map((name) => ({ name, in: 'query' as const })),
    handler: async (req) => {
      const query = req.query as Record<string, unknown>;
      const searching = Boolean(text(query, 'name', { max: 100 }) || text(query, 'code', { max: 100 }));
      const pid = text(query, 'pid', { max: 64 }) || ROOT;
      const q = parseQuery(ctx, doc, { ...query, pid: undefined });
      return ok(await listPage(ctx, doc, q, searching ? [] : [sql<SqlBool>`"pid" = ${pid}`]));
    },
  });

  const rowsUnder = async (pids: string[]) => {
    const rows = await sql<Record<string, unknown>>`select ${selectSql(doc)} from ${sql.raw(`"${TABLE}"`)}
      where "pid" in (${sql.join(pids)}) order by "code" limit ${MAX_NODES}`.execute(ctx.db);
    return addDictText(ctx, doc, rows.rows);
  };

  t.add({
    method: 'GET',
    url: `${base}/childList`,
    access: list,
    tag,
    summary: '一个分类的全部下级（不分页，按编码排序）',
    params: [{ name: 'pid', in: 'query', required: true }],
    handler: async (req) =>
      ok(await rowsUnder([text(req.query, 'pid', { required: '参数 pid 不能为空', max: 64 })])),
  });

  t.add({
    method: 'GET',
    url: `${base}/getChildListBatch`,
    access: list,
    tag,
    summary: '多个分类的下级：result.records 为这些分类的全部子节点',
    params: [{ name: 'parentIds', in: 'query', required: true }],
    handler: async (req) => {
      const rows = await rowsUnder(idList(req.query, 'parentIds', '参数 parentIds 不能为空'));
      return ok(page(rows, rows.length, rows.length, 1));
    },
  });

  t.add({
    method: 'GET',
    url: `${base}/checkCode`,
    access: list,
    tag,
    summary: '编码是否以上级分类的编码开头（pid 为空时总是可用）',
    params: ['pid', 'code'].map((name) => ({ name, in: 'query' as const })),
    handler: async (req) => {
      const code = text(req.query, 'code', { max: 100 });
      if (!code) return fail('错误,类型编码为空!');
      const pid = text(req.query, 'pid', { max: 64 });
      if (!pid || pid === ROOT) return ok(null);
      const parent = await docDb(ctx.db)
        .selectFrom(TABLE)
        .select('code')
        .where('id', '=', pid)
        .executeTakeFirst();
      if (!parent) return fail('未找到对应实体');
      return code.startsWith(parent.code as string)
        ? ok(null)
        : fail(`编码不符合规范,须以"${parent.code as string}"开头!`);
    },
  });

  registerPickerRoutes(t, ctx, doc, base);
}

/** what every picker call says about who may make it */
const READERS =
  '；与表字典同一规则：须有分类字典的列表权限（受其数据规则限制），或能打开字段使用分类字典的表单';

/**
 * The calls of the category pickers. They follow the table-dictionary rule (dict/access.ts): a
 * reader of the category list (within its data rules), or of a form whose field picks categories;
 * anyone else gets the answer of an unknown dictionary.
 */
function registerPickerRoutes(t: RouteTable, ctx: AppContext, doc: EntityDocument, base: string): void {
  const tag = doc.title;
  const readable = (req: FastifyRequest) => dictScope(ctx, req.user!, CATEGORY_NODES);

  t.add({
    method: 'GET',
    url: `${base}/loadTreeRoot`,
    access: 'session',
    tag,
    summary: `分类选择器的根：pcode 所指分类的下级（pcode 为空时为顶层）；async=false 时一并返回全部下级（children）${READERS}`,
    params: ['async', 'pcode'].map((name) => ({ name, in: 'query' as const })),
    handler: async (req) => {
      const where = await readable(req);
      const pcode = text(req.query, 'pcode', { max: 100 });
      const pid = pcode ? await idOfCode(docDb(ctx.db), pcode, where) : ROOT;
      const nodes = await childNodes(docDb(ctx.db), [pid], where);
      return ok(
        text(req.query, 'async', { max: 5 }) === 'false'
          ? await withDescendants(docDb(ctx.db), nodes, where)
          : nodes,
      );
    },
  });

  t.add({
    method: 'GET',
    url: `${base}/loadTreeChildren`,
    access: 'session',
    tag,
    summary: `分类选择器展开一个节点：pid 的下一级${READERS}`,
    params: [{ name: 'pid', in: 'query' }],
    handler: async (req) =>
      ok(await childNodes(docDb(ctx.db), [text(req.query, 'pid', { max: 64 }) || ROOT], await readable(req))),
  });

  t.add({
    method: 'GET',
    url: `${base}/loadTreeData`,
    access: 'session',
    tag,
    summary: `分类树一层：pid 优先，否则按 pcode（0 为顶层）；condition 为 JSON 等值条件，只能用于分类表的字典字段${READERS}`,
    params: ['pid', 'pcode', 'condition'].map((name) => ({ name, in: 'query' as const })),
    handler: async (req) => {
      const condition = parseCondition(text(req.query, 'condition', { max: 1000 }));
      let pid = text(req.query, 'pid', { max: 64 });
      const pcode = text(req.query, 'pcode', { max: 100 });
      if (!pid && !pcode) throw new BizError('加载分类字典树参数有误.[null]!');
      const where = await readable(req);
      sourceOf(ctx.catalog, { ...CATEGORY_NODES, condition });
      if (!pid)
        pid = await idOfCode(docDb(ctx.db), pcode, where).catch(() => {
          throw new BizError('加载分类字典树参数有误.[code]!');
        });
      return ok(await childNodes(docDb(ctx.db), [pid], [...where, ...conditionSql(condition)]));
    },
  });

  t.add({
    method: 'GET',
    url: `${base}/loadOne`,
    access: 'session',
    tag,
    summary: `按一个字段的值取唯一一个分类（回显用）；field 只能是分类表的字典字段（id, pid, name, code, has_child）${READERS}`,
    params: ['field', 'val'].map((name) => ({ name, in: 'query' as const, required: true })),
    handler: async (req) => {
      const field = text(req.query, 'field', { required: '参数 field 不能为空', max: 60 });
      const val = text(req.query, 'val', { max: 500 });
      const where = await readable(req);
      const column = columnByKey(doc, field)?.column ?? field;
      sourceOf(ctx.catalog, { ...CATEGORY_NODES, condition: { [column]: val } });
      const rows = await sql<Record<string, unknown>>`select ${selectSql(doc)} from ${sql.raw(`"${TABLE}"`)}
        where ${sql.join([sql<SqlBool>`${sql.raw(`"${column}"`)}::text = ${val}`, ...where], sql` and `)} limit 2`.execute(
        ctx.db,
      );
      if (!rows.rows.length) return fail('查询无果');
      if (rows.rows.length > 1) return fail(`查询数据异常,[${field}]存在多个值:${val}`);
      return ok(rows.rows[0]);
    },
  });

  t.add({
    method: 'GET',
    url: `${base}/loadDictItem/`,
    access: 'session',
    tag,
    summary: `按 id 取分类名称：ids=a,b，按 ids 顺序返回名称；delNotExist=false 时找不到的 id 原样返回${READERS}`,
    params: ['ids', 'delNotExist'].map((name) => ({ name, in: 'query' as const })),
    handler: async (req) => {
      if (!text(req.query, 'ids', { max: 100_000 }).trim()) return fail('ids 不能为空');
      const ids = idList(req.query, 'ids');
      const keep = text(req.query, 'delNotExist', { max: 5 }) === 'false';
      const where = await readable(req);
      const rows = await docDb(ctx.db)
        .selectFrom(TABLE)
        .select(['id', 'name'])
        .where('id', 'in', ids)
        .where((eb) => eb.and(where))
        .execute();
      const names = new Map(rows.map((r) => [r.id as string, r.name as string]));
      return ok(ids.flatMap((id) => (names.has(id) ? [names.get(id)!] : keep ? [id] : [])));
    },
  });

  t.add({
    method: 'GET',
    url: `${base}/loadAllData`,
    access: 'session',
    tag,
    summary: `一个分类及其全部下级（按编码前缀）的 [{value: id, text: 名称}]，列表翻译用；code 为 0 时为全部${READERS}`,
    params: [{ name: 'code', in: 'query', required: true }],
    handler: async (req) => {
      const code = text(req.query, 'code', { required: '参数 code 不能为空', max: 100 });
      const where = await readable(req);
      let q = docDb(ctx.db)
        .selectFrom(TABLE)
        .select(['id', 'name'])
        .where((eb) => eb.and(where))
        .orderBy('code')
        .limit(MAX_NODES);
      if (code !== ROOT) q = q.where('code', 'like', `${code.replace(/[\\%_]/g, (c) => '\\' + c)}%`);
      const rows = await q.execute();
      if (!rows.length) return fail('无数据,参数有误.[code]');
      return ok(rows.map((r) => ({ value: r.id, text: r.name })));
    },
  });
}

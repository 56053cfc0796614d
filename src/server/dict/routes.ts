import { sql, type Expression, type SqlBool } from 'kysely';
import type { AppContext } from '../context';
import { BizError, fail, ok } from '../http/envelope';
import { text } from '../http/params';
import type { RouteTable } from '../http/routes';
import { ident } from '../db/sync';
import { checkColumn, allowedColumns, parseCondition, parseTableDictCode } from './table-dict';
import { conditionSql } from './service';

const PARAM_DICT_CODE = {
  name: 'dictCode',
  in: 'path' as const,
  required: true,
  description: '系统字典编码，或 表名,文本字段,值字段[,条件]',
};

function dictCodeOf(params: unknown): string {
  const code = text(params, 'dictCode', { max: 300 }).trim();
  if (!code) throw new BizError('字典Code不能为空!');
  return code;
}

export function registerDictRoutes(t: RouteTable, ctx: AppContext): void {
  const tag = '数据字典';

  t.add({
    method: 'GET',
    url: '/sys/dict/getDictItems/:dictCode',
    access: 'session',
    tag,
    summary: '字典项：系统字典编码（仅启用项），或声明过的表字典 table,text,code[,condition]',
    params: [PARAM_DICT_CODE],
    handler: async (req) => {
      const code = dictCodeOf(req.params);
      if (!code.includes(',')) {
        if (!/^[a-zA-Z][a-zA-Z0-9_]{0,99}$/.test(code)) throw new BizError('字典Code格式不正确！');
        return ok((await ctx.dicts.byCode(code)) ?? []);
      }
      return ok(await ctx.dicts.tableOptions(parseTableDictCode(ctx.catalog, code)));
    },
  });

  t.add({
    method: 'GET',
    url: '/sys/dict/loadDict/:dictCode',
    access: 'session',
    tag,
    summary: '表字典搜索：keyword 模糊匹配文本或值（含逗号时按值/文本 IN），pageSize 限制条数',
    params: [PARAM_DICT_CODE, { name: 'keyword', in: 'query' }, { name: 'pageSize', in: 'query' }],
    handler: async (req) => {
      const d = parseTableDictCode(ctx.catalog, dictCodeOf(req.params));
      const keyword = text(req.query, 'keyword', { max: 200 });
      const sizeText = text(req.query, 'pageSize', { max: 6 });
      if (sizeText && !/^\d+$/.test(sizeText)) throw new BizError('参数 pageSize 必须是整数');
      return ok(await ctx.dicts.tableOptions(d, { keyword, limit: sizeText ? Number(sizeText) : undefined }));
    },
  });

  t.add({
    method: 'GET',
    url: '/sys/dict/loadDictItem/:dictCode',
    access: 'session',
    tag,
    summary: '按值取文本：key=v1,v2，按 key 顺序返回文本；delNotExist=false 时找不到的值原样返回',
    params: [
      PARAM_DICT_CODE,
      { name: 'key', in: 'query', required: true },
      { name: 'delNotExist', in: 'query' },
    ],
    handler: async (req) => {
      const d = parseTableDictCode(ctx.catalog, dictCodeOf(req.params));
      const keys = text(req.query, 'key', { max: 10_000 }).split(',').filter(Boolean).slice(0, 1000);
      const keep = text(req.query, 'delNotExist', { max: 5 }) === 'false';
      const opts = await ctx.dicts.tableOptions(d, { keys });
      const byValue = new Map(opts.map((o) => [o.value, o.text]));
      return ok(keys.flatMap((k) => (byValue.has(k) ? [byValue.get(k)!] : keep ? [k] : [])));
    },
  });

  t.add({
    method: 'GET',
    url: '/sys/dict/loadTreeData',
    access: 'session',
    tag,
    summary: '表字典树的一层：pid 为空时返回根节点；condition 为 JSON 等值条件',
    params: ['pid', 'pidField', 'tableName', 'text', 'code', 'hasChildField', 'condition'].map((name) => ({
      name,
      in: 'query' as const,
    })),
    handler: async (req) => {
      const q = req.query;
      const table = text(q, 'tableName', { required: '参数 tableName 不能为空', max: 60 });
      const allowed = allowedColumns(ctx.catalog, table);
      const textCol = checkColumn(allowed, text(q, 'text', { required: '参数 text 不能为空', max: 60 }));
      const codeCol = checkColumn(allowed, text(q, 'code', { required: '参数 code 不能为空', max: 60 }));
      const pidField = checkColumn(
        allowed,
        text(q, 'pidField', { required: '参数 pidField 不能为空', max: 60 }),
      );
      const hasChildText = text(q, 'hasChildField', { max: 60 });
      const hasChild = hasChildText ? checkColumn(allowed, hasChildText) : null;
      const pid = text(q, 'pid', { max: 64 });
      const where: Expression<SqlBool>[] = conditionSql(
        parseCondition(ctx.catalog, table, text(q, 'condition', { max: 1000 })),
      );
      const p = sql.raw(ident(pidField));
      where.push(
        pid
          ? sql<SqlBool>`${p}::text = ${pid}`
          : sql<SqlBool>`(${p} is null or ${p}::text = '' or ${p}::text = '0')`,
      );
      const tbl = sql.raw(ident(table));
      const leaf = hasChild
        ? sql`coalesce(${sql.raw(ident(hasChild))}::text, '0') <> '1'`
        : sql`not exists (select 1 from ${tbl} c where c.${p}::text = t.${sql.raw(ident(codeCol))}::text)`;
      const rows = await sql<{ key: string; title: string; parentId: string; leaf: boolean }>`
        select t.${sql.raw(ident(codeCol))}::text as key, t.${sql.raw(ident(textCol))} as title, t.${p}::text as "parentId", ${leaf} as leaf
        from ${tbl} t where ${sql.join(where, sql` and `)} order by t.${sql.raw(ident(textCol))} limit 5000`.execute(
        ctx.db,
      );
      return ok(rows.rows.map((r) => ({ ...r, value: r.key, isLeaf: r.leaf })));
    },
  });

  t.add({
    method: 'GET',
    url: '/sys/dict/queryAllDictItems',
    access: 'session',
    tag,
    summary: '全部系统字典（启用项）：{字典编码: [{value, text}]}',
    handler: async () => ok(Object.fromEntries(await ctx.dicts.all())),
  });

  t.add({
    method: 'GET',
    url: '/sys/dict/refleshCache',
    access: 'session',
    tag,
    summary: '清空并重新加载字典缓存（所有服务实例）；随后调用 queryAllDictItems',
    handler: async () => {
      try {
        ctx.dicts.refresh();
        await ctx.dicts.all();
        await ctx.bus.publish(ctx.db, 'dict');
      } catch (err) {
        ctx.log.error({ err }, 'dictionary cache refresh failed');
        return fail('刷新缓存失败！');
      }
      return ok(null, '刷新缓存完成！');
    },
  });
}

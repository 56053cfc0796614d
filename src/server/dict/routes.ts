import { sql, type Expression, type SqlBool } from 'kysely';
import type { AppContext } from '../context';
import { BizError, fail, ok } from '../http/envelope';
import { text } from '../http/params';
import type { RouteTable } from '../http/routes';
import { ident } from '../db/sync';
import { parseCondition, parseTableDictCode } from './table-dict';
import { conditionSql } from './service';
import { dictScope } from './access';
import { REFRESH_CACHE_PERMISSION } from '../../core/permission';

const PARAM_DICT_CODE = {
  name: 'dictCode',
  in: 'path' as const,
  required: true,
  description: '系统字典编码，或 表名,文本字段,值字段[,条件]',
};

/** what every table-dictionary call says about who may read it (access.ts) */
const READERS =
  '只回答有权读取的用户：公开字段任何登录用户可读；其余字段须有该文档的列表权限（并受其数据规则限制），或能打开字段使用该字典的表单；否则与不存在的字典回答相同';

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
    summary: `字典项：系统字典编码（仅启用项），或声明过的表字典 table,text,code[,condition]。表字典${READERS}`,
    params: [PARAM_DICT_CODE],
    handler: async (req) => {
      const code = dictCodeOf(req.params);
      if (!code.includes(',')) {
        if (!/^[a-zA-Z][a-zA-Z0-9_]{0,99}$/.test(code)) throw new BizError('字典Code格式不正确！');
        return ok((await ctx.dicts.byCode(code)) ?? []);
      }
      const d = parseTableDictCode(code);
      return ok(await ctx.dicts.tableOptions(d, { scope: await dictScope(ctx, req.user!, d) }));
    },
  });

  t.add({
    method: 'GET',
    url: '/sys/dict/loadDict/:dictCode',
    access: 'session',
    tag,
    summary: `表字典搜索：keyword 模糊匹配文本或值（含逗号时按值/文本 IN），pageSize 限制条数。${READERS}`,
    params: [PARAM_DICT_CODE, { name: 'keyword', in: 'query' }, { name: 'pageSize', in: 'query' }],
    handler: async (req) => {
      const d = parseTableDictCode(dictCodeOf(req.params));
      const keyword = text(req.query, 'keyword', { max: 200 });
      const sizeText = text(req.query, 'pageSize', { max: 6 });
      if (sizeText && !/^\d+$/.test(sizeText)) throw new BizError('参数 pageSize 必须是整数');
      const limit = sizeText ? Number(sizeText) : undefined;
      return ok(
        await ctx.dicts.tableOptions(d, { keyword, limit, scope: await dictScope(ctx, req.user!, d) }),
      );
    },
  });

  t.add({
    method: 'GET',
    url: '/sys/dict/loadDictItem/:dictCode',
    access: 'session',
    tag,
    summary: `按值取文本：key=v1,v2，按 key 顺序返回文本；delNotExist=false 时找不到的值原样返回。${READERS}`,
    params: [
      PARAM_DICT_CODE,
      { name: 'key', in: 'query', required: true },
      { name: 'delNotExist', in: 'query' },
    ],
    handler: async (req) => {
      const d = parseTableDictCode(dictCodeOf(req.params));
      const keys = text(req.query, 'key', { max: 10_000 }).split(',').filter(Boolean).slice(0, 1000);
      const keep = text(req.query, 'delNotExist', { max: 5 }) === 'false';
      const opts = await ctx.dicts.tableOptions(d, { keys, scope: await dictScope(ctx, req.user!, d) });
      const byValue = new Map(opts.map((o) => [o.value, o.text]));
      return ok(keys.flatMap((k) => (byValue.has(k) ? [byValue.get(k)!] : keep ? [k] : [])));
    },
  });

  t.add({
    method: 'GET',
    url: '/sys/dict/loadTreeData',
    access: 'session',
    tag,
    summary: `表字典树的一层：pid 为空时返回根节点；condition 为 JSON 等值条件。${READERS}`,
    params: ['pid', 'pidField', 'tableName', 'text', 'code', 'hasChildField', 'condition'].map((name) => ({
      name,
      in: 'query' as const,
    })),
    handler: async (req) => {
      const q = req.query;
      const d = {
        table: text(q, 'tableName', { required: '参数 tableName 不能为空', max: 60 }),
        text: text(q, 'text', { required: '参数 text 不能为空', max: 60 }),
        code: text(q, 'code', { required: '参数 code 不能为空', max: 60 }),
        pidField: text(q, 'pidField', { required: '参数 pidField 不能为空', max: 60 }),
        hasChildField: text(q, 'hasChildField', { max: 60 }) || undefined,
        condition: parseCondition(text(q, 'condition', { max: 1000 })),
      };
      const pid = text(q, 'pid', { max: 64 });
      // the identifiers below are used only once the access rule has allowed every one of them
      const scope = await dictScope(ctx, req.user!, d);
      const where: Expression<SqlBool>[] = [...conditionSql(d.condition), ...scope];
      const p = sql.raw(ident(d.pidField));
      where.push(
        pid
          ? sql<SqlBool>`${p}::text = ${pid}`
          : sql<SqlBool>`(${p} is null or ${p}::text = '' or ${p}::text = '0')`,
      );
      const tbl = sql.raw(ident(d.table));
      const codeCol = sql.raw(ident(d.code));
      const textCol = sql.raw(ident(d.text));
      const leaf = d.hasChildField
        ? sql`coalesce(${sql.raw(ident(d.hasChildField))}::text, '0') <> '1'`
        : sql`not exists (select 1 from ${tbl} c where c.${p}::text = t.${codeCol}::text)`;
      const rows = await sql<{ key: string; title: string; parentId: string; leaf: boolean }>`
        select t.${codeCol}::text as key, t.${textCol} as title, t.${p}::text as "parentId", ${leaf} as leaf
        from ${tbl} t where ${sql.join(where, sql` and `)} order by t.${textCol} limit 5000`.execute(ctx.db);
      return ok(rows.rows.map((r) => ({ ...r, value: r.key, isLeaf: r.leaf })));
    },
  });

  t.add({
    method: 'GET',
    url: '/sys/dict/queryAllDictItems',
    access: 'session',
    tag,
    summary:
      '全部系统字典（启用项）：{字典编码: [{value, text}]}；系统字典是表单的选项文本，任何登录用户可读',
    handler: async () => ok(Object.fromEntries(await ctx.dicts.all())),
  });

  t.add({
    method: 'GET',
    url: '/sys/dict/refleshCache',
    access: { perm: REFRESH_CACHE_PERMISSION },
    tag,
    summary: '刷新缓存：清空并重新加载字典缓存（所有服务实例）；随后调用 queryAllDictItems',
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

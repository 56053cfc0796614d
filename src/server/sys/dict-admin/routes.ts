import type { AppContext } from '../../context';
import type { Catalog } from '../../../core/document/load';
import { columnByKey } from '../../../core/document/model';
import { BizError, fail, ok } from '../../http/envelope';
import { text } from '../../http/params';
import type { RouteTable } from '../../http/routes';
import { setEntityHooks } from '../../crud/hooks';
import { isTaken, uniqueMessage } from '../../crud/write';
import { keepNamedCodes } from '../../crud/named-codes';
import { VALUE_FREE } from '../../dict/duplicate';

/** every server instance drops its dictionary cache when any instance writes a dictionary */
export async function dictionariesChanged(ctx: AppContext): Promise<void> {
  ctx.dicts.refresh();
  await ctx.bus.publish(ctx.db, 'dict');
}

/** the documents whose fields or columns translate through a dictionary code */
function documentsUsing(catalog: Catalog, code: string): string[] {
  const titles = [...catalog.entities.values()]
    .filter((d) => d.fields.some((f) => f.dictCode === code))
    .map((d) => d.title);
  for (const r of catalog.reports.values())
    if (r.columns.some((c) => c.dictCode === code) || r.query?.some((q) => q.dictCode === code))
      titles.push(r.title);
  return titles;
}

/**
 * Administration of system dictionaries on top of the generic CRUD of the sys_dict and
 * sys_dict_item documents: every write drops the dictionary cache at once (here, and on the
 * other instances through the bus), so the next list shows the new *_dictText; a dictionary a
 * document translates through can be neither deleted nor renamed.
 */
export function registerDictAdminRoutes(t: RouteTable, ctx: AppContext): void {
  ctx.bus.on('dict', () => ctx.dicts.refresh());

  setEntityHooks('sys_dict', {
    beforeWrite: (c, e) =>
      keepNamedCodes(e, {
        table: 'sys_dict',
        column: 'dict_code',
        key: 'dictCode',
        noun: '字典编码',
        renameVerb: '修改',
        namedBy: (code) => documentsUsing(c.catalog, code),
      }),
    afterWrite: (c) => dictionariesChanged(c),
  });

  setEntityHooks('sys_dict_item', {
    async beforeWrite(_c, e) {
      const dictId = e.values.dict_id;
      if (e.action === 'delete' || dictId === undefined) return;
      const dict = await e.db
        .selectFrom('sys_dict')
        .select('id')
        .where('id', '=', String(dictId))
        .executeTakeFirst();
      if (!dict) throw new BizError('所属字典不存在');
    },
    afterWrite: (c) => dictionariesChanged(c),
  });

  const items = ctx.catalog.entities.get('sys_dict_item');
  if (!items) return;
  t.add({
    method: 'GET',
    url: '/sys/dictItem/dictItemCheck',
    access: { perm: `${items.permission}list` },
    tag: items.title,
    summary: '字典项数据值在其字典内是否可用（已存在时回答与保存相同的提示）；编辑时传 id 排除自身',
    params: ['itemValue', 'dictId', 'id'].map((name) => ({ name, in: 'query' as const })),
    handler: async (req) => {
      const value = text(req.query, 'itemValue', { max: 100 });
      const dictId = text(req.query, 'dictId', { required: '参数 dictId 不能为空', max: 64 });
      const exceptId = text(req.query, 'id', { max: 64 });
      if (!value) return ok(null, VALUE_FREE);
      const col = columnByKey(items, 'itemValue')!;
      const taken = await isTaken(ctx.db, items, col, value, { dictId }, exceptId || null);
      return taken ? fail(uniqueMessage(col)) : ok(null, VALUE_FREE);
    },
  });
}

import type { AppContext } from '../../context';
import { BizError, ok } from '../../http/envelope';
import { text } from '../../http/params';
import type { RouteTable } from '../../http/routes';
import { AREA_ROOT } from '../../../core/fields/pca';

/** one area as the area picker's cascader and selects take it */
interface AreaOption {
  value: string;
  label: string;
  level: number;
  isLeaf: boolean;
}

/**
 * The area picker's data ("Area data"): one level at a time, so no screen ever carries the
 * whole country. Areas are public facts, so any signed-in user may read them.
 */
export function registerAreaRoutes(t: RouteTable, ctx: AppContext): void {
  t.add({
    method: 'GET',
    url: '/sys/area/children',
    access: 'session',
    tag: '行政区划',
    summary: `一个区域的下一级：pid 缺省为中国（${AREA_ROOT}），省 → 市 → 区县；[{value: 编码, label: 名称, level, isLeaf}]`,
    params: [{ name: 'pid', in: 'query', description: `上级区域编码，缺省 ${AREA_ROOT}` }],
    handler: async (req) => {
      const pid = text(req.query, 'pid', { max: 12 }) || AREA_ROOT;
      if (!/^\d+$/.test(pid)) throw new BizError('区域编码只能是数字');
      const rows = await ctx.db
        .selectFrom('sys_area')
        .select(['code', 'name', 'level', 'has_child'])
        .where('pid', '=', pid)
        .orderBy('code')
        .execute();
      return ok(
        rows.map((r): AreaOption => ({
          value: r.code as string,
          label: r.name as string,
          level: Number(r.level),
          isLeaf: r.has_child !== '1',
        })),
      );
    },
  });
}

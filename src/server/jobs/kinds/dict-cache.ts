import { jobKind } from '../kind';

export const dictCacheJob = jobKind<Record<string, never>>({
  name: 'system.dictCache',
  title: '刷新字典缓存',
  description: '清空并重新加载字典缓存，所有服务实例同时生效（同 字典管理 → 刷新缓存）',
  params: { type: 'object', additionalProperties: false, properties: {} },
  timeoutSeconds: 120,
  async run(_params, { ctx }) {
    ctx.dicts.refresh();
    await ctx.dicts.all();
    await ctx.bus.publish(ctx.db, 'dict');
    return '字典缓存已刷新';
  },
});

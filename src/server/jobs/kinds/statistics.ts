import { refreshStatistics } from '../../db/statistics';
import { jobKind } from '../kind';

export const statisticsJob = jobKind<Record<string, never>>({
  name: 'system.statistics',
  title: '刷新数据库统计信息',
  description: '分析统计信息缺失或过期的表（src/server/db/statistics.ts），列表的行数估计随之更新',
  params: { type: 'object', additionalProperties: false, properties: {} },
  timeoutSeconds: 600,
  async run(_params, { ctx }) {
    const names = await refreshStatistics(ctx);
    return names.length ? `已分析 ${names.length} 张表：${names.join('、')}` : '统计信息均为最新';
  },
});

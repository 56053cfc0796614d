import { jobKind } from '../kind';

export const sweepJob = jobKind<Record<string, never>>({
  name: 'system.sweep',
  title: '清理中断的导入与过期会话',
  description: '把已停止进程的导入任务标为中断（src/server/imports/jobs.ts），删除已注销或闲置超时的登录会话',
  params: { type: 'object', additionalProperties: false, properties: {} },
  timeoutSeconds: 300,
  async run(_params, { ctx }) {
    const interrupted = await ctx.imports.sweep();
    const sessions = await ctx.sessions.removeEnded();
    return `中断的导入任务 ${interrupted} 个，删除过期会话 ${sessions} 个`;
  },
});

import { removeOrphans } from '../../files/orphans';
import { jobKind } from '../kind';

export const orphanUploadsJob = jobKind<{ graceHours?: number }>({
  name: 'system.orphanUploads',
  title: '清理无引用的上传文件',
  description:
    '删除早于宽限期、已没有任何记录引用的上传文件（每次至多 1000 个）；宽限期默认 UPLOAD_ORPHAN_GRACE_HOURS',
  params: {
    type: 'object',
    additionalProperties: false,
    properties: { graceHours: { type: 'integer', minimum: 1, maximum: 8760, title: '宽限期（小时）' } },
  },
  timeoutSeconds: 600,
  async run(params, { ctx }) {
    const removed = await removeOrphans(ctx, params.graceHours);
    return `已删除 ${removed.length} 个无引用的上传文件`;
  },
});

import { Tag } from 'antd';
import type { SlotProps } from './types';

/**
 * 记录状态: whether the row is saved. The server gives every saved row its createTime (and
 * updateTime once edited); a grid's new row, or a form adding one, has neither yet.
 */
export default function RowStatus({ row }: SlotProps) {
  const at = row.updateTime ?? row.createTime;
  if (!at) return <Tag color="warning">未保存</Tag>;
  return (
    <Tag color="success" title={`保存于 ${String(at)}`}>
      已保存
    </Tag>
  );
}

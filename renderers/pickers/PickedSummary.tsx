import { Typography } from 'antd';
import type { Picked } from './picked';

/** what is chosen so far, by name, so the checks made under another search or page stay in sight */
export function PickedSummary({ picked, unit }: { picked: Picked[]; unit: string }) {
  return (
    <Typography.Text type="secondary" ellipsis={{ tooltip: true }} style={{ display: 'block' }}>
      {picked.length
        ? `已选择 ${picked.length} ${unit}：${picked.map((p) => p.label).join('、')}`
        : '尚未选择'}
    </Typography.Text>
  );
}

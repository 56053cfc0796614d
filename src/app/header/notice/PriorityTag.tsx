import { Tag } from 'antd';

const PRIORITY: Record<string, { text: string; color: string }> = {
  H: { text: '高', color: 'red' },
  M: { text: '中', color: 'orange' },
  L: { text: '低', color: 'blue' },
};

/** an announcement's priority (dictionary priority: L, M, H) as a coloured tag */
export function PriorityTag({ priority }: { priority?: string | null }) {
  const p = priority ? PRIORITY[priority] : undefined;
  return p ? <Tag color={p.color}>{p.text}</Tag> : null;
}

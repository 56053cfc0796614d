import { Tag } from 'antd';
import { t } from '../../i18n/i18n';
import type { MessageKey } from '../../i18n/zh-CN';

const PRIORITY: Record<string, { text: MessageKey; color: string }> = {
  H: { text: 'notice.priorityH', color: 'red' },
  M: { text: 'notice.priorityM', color: 'orange' },
  L: { text: 'notice.priorityL', color: 'blue' },
};

/** an announcement's priority (dictionary priority: L, M, H) as a coloured tag */
export function PriorityTag({ priority }: { priority?: string | null }) {
  const p = priority ? PRIORITY[priority] : undefined;
  return p ? <Tag color={p.color}>{t(p.text)}</Tag> : null;
}

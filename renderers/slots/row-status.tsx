import { Tag } from 'antd';
import type { SlotProps } from './types';
import { t } from '../common/messages';

/**
 * 记录状态: whether the row is saved. The server gives every saved row its createTime (and
 * updateTime once edited); a grid's new row, or a form adding one, has neither yet.
 */
export default function RowStatus({ row }: SlotProps) {
  const at = row.updateTime ?? row.createTime;
  if (!at) return <Tag color="warning">{t('unsaved')}</Tag>;
  return (
    <Tag color="success" title={t('savedAt', { at: String(at) })}>
      {t('saved')}
    </Tag>
  );
}

import { Typography } from 'antd';
import type { Picked } from './picked';
import { t } from './messages';

/** what is chosen so far, by name, so the checks made under another search or page stay in sight */
export function PickedSummary({ picked, unit }: { picked: Picked[]; unit: string }) {
  return (
    <Typography.Text type="secondary" ellipsis={{ tooltip: true }} style={{ display: 'block' }}>
      {picked.length
        ? t('picked', {
            count: picked.length,
            unit,
            names: picked.map((p) => p.label).join(t('listSeparator')),
          })
        : t('noneYet')}
    </Typography.Text>
  );
}

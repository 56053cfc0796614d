import type { ReactNode } from 'react';
import { Alert, Button } from 'antd';
import { t } from './messages';

/** 已选择 n 项 under a list's toolbar, with 清空 once something is selected, and any further links */
export function SelectionAlert({
  selected,
  onClear,
  extra,
}: {
  selected: number;
  onClear: () => void;
  extra?: ReactNode;
}) {
  return (
    <Alert
      type="info"
      showIcon
      title={
        <span>
          {t('selectedBefore')}
          <strong>{selected}</strong>
          {t('selectedAfter')}
          {selected > 0 && (
            <Button type="link" size="small" onClick={onClear}>
              {t('clear')}
            </Button>
          )}
          {extra}
        </span>
      }
    />
  );
}

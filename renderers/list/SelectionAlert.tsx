import type { ReactNode } from 'react';
import { Alert, Button } from 'antd';

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
          已选择 <strong>{selected}</strong> 项
          {selected > 0 && (
            <Button type="link" size="small" onClick={onClear}>
              清空
            </Button>
          )}
          {extra}
        </span>
      }
    />
  );
}

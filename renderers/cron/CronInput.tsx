import { ScheduleOutlined } from '@ant-design/icons';
import { Button, Input, Space } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { t } from './messages';

// the builder (and croner with it) loads when first opened, not with the form
const CronModal = lazy(() => import('./CronModal'));

export interface CronInputProps {
  id?: string;
  value: string;
  placeholder?: string;
  /** read only: the expression shows, the builder does not open */
  locked?: boolean;
  onChange: (expression: string) => void;
}

/** a cron expression: typed or pasted as text, or made in the builder its button opens */
export function CronInput({ id, value, placeholder, locked, onChange }: CronInputProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Space.Compact style={{ width: '100%' }}>
        <Input
          id={id}
          value={value}
          placeholder={placeholder}
          readOnly={locked}
          onChange={(e) => onChange(e.target.value)}
        />
        {!locked && (
          <Button icon={<ScheduleOutlined />} onClick={() => setOpen(true)}>
            {t('build')}
          </Button>
        )}
      </Space.Compact>
      {open && (
        <Suspense fallback={null}>
          <CronModal
            value={value}
            onOk={(expression) => {
              onChange(expression);
              setOpen(false);
            }}
            onCancel={() => setOpen(false)}
          />
        </Suspense>
      )}
    </>
  );
}

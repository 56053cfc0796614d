import { Checkbox, Flex, InputNumber, Radio, Select } from 'antd';
import type { ReactNode } from 'react';
import { weekdayLabel, type Bounds } from '../../src/core/cron/model';
import { t } from './messages';

/** a whole number within the bounds for it (antd keeps the typed value inside them) */
export function Num({
  label,
  value,
  bounds,
  onChange,
}: {
  label: string;
  value: number;
  bounds: Bounds;
  onChange: (n: number) => void;
}) {
  return (
    <InputNumber
      aria-label={label}
      size="small"
      min={bounds[0]}
      max={bounds[1]}
      precision={0}
      value={value}
      style={{ width: 72 }}
      onChange={(n) => n !== null && onChange(n)}
    />
  );
}

/** the numbers from min to max as select options */
export function numberOptions([min, max]: Bounds) {
  return Array.from({ length: max - min + 1 }, (_, i) => ({ value: min + i, label: String(min + i) }));
}

/** several numbers, kept in ascending order so the expression reads naturally */
export function NumList({
  label,
  values,
  bounds,
  onChange,
}: {
  label: string;
  values: number[];
  bounds: Bounds;
  onChange: (values: number[]) => void;
}) {
  return (
    <Select
      aria-label={label}
      mode="multiple"
      size="small"
      value={values}
      options={numberOptions(bounds)}
      style={{ minWidth: 200, flex: 1 }}
      placeholder={t('choose')}
      onChange={(v: number[]) => onChange([...v].sort((a, b) => a - b))}
    />
  );
}

/** Quartz weekdays (1 = 周日 … 7 = 周六) in the order a Chinese week is read: 周一 first; read while rendering */
const weekdayOptions = () => [2, 3, 4, 5, 6, 7, 1].map((v) => ({ value: v, label: weekdayLabel(v) }));

export function Weekday({
  label,
  value,
  onChange,
}: {
  label: string;
  value: number;
  onChange: (n: number) => void;
}) {
  return (
    <Select
      aria-label={label}
      size="small"
      value={value}
      options={weekdayOptions()}
      style={{ width: 88 }}
      onChange={onChange}
    />
  );
}

export function Weekdays({ values, onChange }: { values: number[]; onChange: (v: number[]) => void }) {
  return (
    <Checkbox.Group
      aria-label={t('weekdays')}
      value={values}
      options={weekdayOptions()}
      onChange={(v) => onChange(v as number[])}
    />
  );
}

/** one mode of a tab: its radio, then the controls that give its values */
export function ModeRow({ mode, label, children }: { mode: string; label: string; children?: ReactNode }) {
  return (
    <Flex align="center" gap={6} wrap>
      <Radio value={mode}>{label}</Radio>
      {children}
    </Flex>
  );
}

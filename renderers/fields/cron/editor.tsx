import type { WidgetProps } from '@rjsf/utils';
import { CronInput } from '../../cron/CronInput';

/** cron's form editor: the expression as text beside a button that opens the cron builder (loaded on first open) */
export default function CronEditor({
  id,
  value,
  disabled,
  readonly,
  placeholder,
  options,
  onChange,
}: WidgetProps) {
  return (
    <CronInput
      id={id}
      value={typeof value === 'string' ? value : ''}
      placeholder={placeholder}
      locked={disabled || readonly}
      onChange={(text) => onChange(text === '' ? options.emptyValue : text)}
    />
  );
}

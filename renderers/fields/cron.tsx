import type { WidgetProps } from '@rjsf/utils';
import { CronInput } from '../cron/CronInput';
import type { FieldRenderer } from './types';

/** the expression as text beside a button that opens the cron builder (loaded on first open) */
function CronEditor({ id, value, disabled, readonly, placeholder, options, onChange }: WidgetProps) {
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

/** a Quartz cron expression: listed and searched as its text */
export const cron: FieldRenderer = { editor: CronEditor };

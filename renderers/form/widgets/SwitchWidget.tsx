import type { WidgetProps } from '@rjsf/utils';
import { fieldDocOf } from './field-doc';
import { Switch } from 'antd';
import { switchValues } from '../../common/switch-values';

/** switch: on stores the first option ('Y'), off the second ('N'); shows 是/否 */
export function SwitchWidget({ id, value, disabled, readonly, options, onChange }: WidgetProps) {
  const [on, off] = switchValues(fieldDocOf(options));
  return (
    <Switch
      id={id}
      checked={value === on}
      checkedChildren="是"
      unCheckedChildren="否"
      disabled={disabled || readonly}
      onChange={(checked) => onChange(checked ? on : off)}
    />
  );
}

import type { WidgetProps } from '@rjsf/utils';
import { Switch } from 'antd';
import { switchValues } from '../../../src/core/fields/switch';
import { fieldDocOf } from '../../form/widgets/field-doc';
import { t } from '../messages';

/** switch's form editor: on stores the first option ('Y'), off the second ('N'); shows 是/否 */
export default function SwitchEditor({ id, value, disabled, readonly, options, onChange }: WidgetProps) {
  const [on, off] = switchValues(fieldDocOf(options));
  return (
    <Switch
      id={id}
      checked={value === on}
      checkedChildren={t('yes')}
      unCheckedChildren={t('no')}
      disabled={disabled || readonly}
      onChange={(checked) => onChange(checked ? on : off)}
    />
  );
}

import type { WidgetProps } from '@rjsf/utils';
import { Select, Switch } from 'antd';
import { switchValues } from '../../src/core/fields/switch';
import { SwitchCell } from '../grid/choice-cells';
import { fieldDocOf } from '../form/widgets/field-doc';
import type { FieldRenderer, SearchControlProps } from './types';

/** on stores the first option ('Y'), off the second ('N'); shows 是/否 */
function SwitchEditor({ id, value, disabled, readonly, options, onChange }: WidgetProps) {
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

/** searched as 是 or 否 */
function SwitchSearch({ id, field, value, onChange }: SearchControlProps) {
  const [on, off] = switchValues(field);
  const options = [
    { value: on, label: '是' },
    { value: off, label: '否' },
  ];
  return (
    <Select
      id={id}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      placeholder={`请选择${field.title}`}
      options={options}
      value={value}
      onChange={onChange}
    />
  );
}

/** on or off */
export const switchType: FieldRenderer = {
  editor: SwitchEditor,
  search: SwitchSearch,
  gridEditor: SwitchCell,
};

import { Select } from 'antd';
import { switchValues } from '../../../src/core/fields/switch';
import type { SearchControlProps } from '../types';

/** switch's search control: 是 or 否 */
export default function SwitchSearch({ id, field, value, onChange }: SearchControlProps) {
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

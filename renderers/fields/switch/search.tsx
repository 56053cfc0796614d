import { Select } from 'antd';
import { switchValues } from '../../../src/core/fields/switch';
import type { SearchControlProps } from '../types';
import { t } from '../messages';

/** switch's search control: 是 or 否 */
export default function SwitchSearch({ id, field, value, onChange }: SearchControlProps) {
  const [on, off] = switchValues(field);
  const options = [
    { value: on, label: t('yes') },
    { value: off, label: t('no') },
  ];
  return (
    <Select
      id={id}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      placeholder={t('chooseOf', { title: field.title })}
      options={options}
      value={value}
      onChange={onChange}
    />
  );
}

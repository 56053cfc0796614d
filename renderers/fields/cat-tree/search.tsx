import { DictTreeSelect } from '../../form/widgets/TreeSelectWidget';
import type { SearchControlProps } from '../types';

/** cat_tree's search control: searched by the node chosen */
export default function CategorySearch({ id, field, value, onChange }: SearchControlProps) {
  return (
    <DictTreeSelect
      id={id}
      field={field}
      value={value}
      placeholder={`请选择${field.title}`}
      onChange={(v) => onChange?.(v)}
    />
  );
}

import { DictTreeSelect } from '../../form/widgets/TreeSelectWidget';
import type { SearchControlProps } from '../types';
import { t } from '../messages';

/** cat_tree's search control: searched by the node chosen */
export default function CategorySearch({ id, field, value, onChange }: SearchControlProps) {
  return (
    <DictTreeSelect
      id={id}
      field={field}
      value={value}
      placeholder={t('chooseOf', { title: field.title })}
      onChange={(v) => onChange?.(v)}
    />
  );
}

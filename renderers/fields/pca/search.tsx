import AreaPicker from '../../pickers/AreaPicker';
import type { SearchControlProps } from '../types';
import { t } from '../messages';

/** pca's search control: an area finds it and everything within, its code as a prefix (44* is all of 广东省) */
export default function AreaSearch({ id, field, value, onChange }: SearchControlProps) {
  const code = typeof value === 'string' && value ? value.replace(/\*$/, '') : undefined;
  return (
    <AreaPicker
      id={id}
      // a search is always a cascader, stopping at any level
      field={{ ...field, areaType: undefined }}
      anyLevel
      value={code}
      placeholder={t('chooseOf', { title: field.title })}
      onChange={(c) => onChange?.(c ? `${c}*` : undefined)}
    />
  );
}

import AreaPicker from '../../pickers/AreaPicker';
import type { SearchControlProps } from '../types';
import { t } from '../messages';

/** pca's advanced-query value: the area's code itself (以..开始 gives the prefix search) */
export default function AreaCondition({ id, field, value, onChange }: SearchControlProps) {
  return (
    <AreaPicker
      id={id}
      field={{ ...field, areaType: undefined }}
      anyLevel
      value={typeof value === 'string' && value ? value : undefined}
      placeholder={t('chooseOf', { title: field.title })}
      onChange={(c) => onChange?.(c)}
    />
  );
}

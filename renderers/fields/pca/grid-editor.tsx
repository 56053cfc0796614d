import AreaPicker from '../../pickers/AreaPicker';
import type { GridEditorProps } from '../types';
import { t } from '../messages';

/** pca's grid cell: an area in the cascader (or three selects, as the field says) */
export default function AreaCell({ id, field, value, disabled, onChange }: GridEditorProps) {
  return (
    <AreaPicker
      id={id}
      field={field}
      value={value ? String(value) : undefined}
      placeholder={field.placeholder ?? t('choose')}
      disabled={disabled}
      onChange={onChange}
    />
  );
}

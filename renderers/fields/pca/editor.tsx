import type { WidgetProps } from '@rjsf/utils';
import AreaPicker from '../../pickers/AreaPicker';
import { fieldDocOf } from '../../form/widgets/field-doc';

/** pca's form editor: 省/市/区 in a cascader (or three selects, as the field's areaType says) */
export default function AreaEditor({
  id,
  value,
  disabled,
  readonly,
  options,
  placeholder,
  onChange,
}: WidgetProps) {
  return (
    <AreaPicker
      id={id}
      field={fieldDocOf(options)}
      value={value ? String(value) : undefined}
      placeholder={placeholder}
      disabled={disabled || readonly}
      onChange={onChange}
    />
  );
}

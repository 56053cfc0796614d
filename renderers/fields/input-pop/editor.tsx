import type { WidgetProps } from '@rjsf/utils';
import { Input } from 'antd';
import { fieldDocOf } from '../../form/widgets/field-doc';
import { ExpandButton, textOf } from './expand-button';

/** in a form: a text area with the 展开 button in its corner */
export default function InputPopEditor({
  id,
  value,
  disabled,
  readonly,
  options,
  placeholder,
  onChange,
}: WidgetProps) {
  const field = fieldDocOf(options);
  const text = textOf(value);
  return (
    <div style={{ position: 'relative' }}>
      <Input.TextArea
        id={id}
        value={text}
        placeholder={placeholder}
        disabled={disabled}
        readOnly={readonly}
        autoSize={{ minRows: 2, maxRows: 6 }}
        style={{ paddingRight: 32 }}
        onChange={(e) => onChange(e.target.value || undefined)}
      />
      {!(disabled || readonly) && (
        <ExpandButton
          field={field}
          text={text}
          style={{ position: 'absolute', top: 4, right: 4 }}
          onChange={onChange}
        />
      )}
    </div>
  );
}

import { Input } from 'antd';
import type { GridEditorProps } from '../types';
import { ExpandButton, textOf } from './expand-button';

/** in a grid: a one-line text box (rows stay one height) with the 展开 button as its suffix */
export default function InputPopCell({
  id,
  field,
  value,
  invalid,
  disabled,
  onChange,
  onBlur,
}: GridEditorProps) {
  const text = textOf(value);
  return (
    <Input
      id={id}
      aria-label={field.title}
      value={text}
      status={invalid ? 'error' : undefined}
      disabled={disabled}
      placeholder={field.placeholder}
      onChange={(e) => onChange(e.target.value || undefined)}
      onBlur={onBlur}
      suffix={disabled ? undefined : <ExpandButton field={field} text={text} onChange={onChange} />}
    />
  );
}

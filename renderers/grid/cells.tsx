import { useState } from 'react';
import { Input, Select } from 'antd';
import type { GridEditorProps } from '../fields/types';
import { acceptsNumberText, parseNumberText } from './number-text';
import { tagsText } from './tags-text';
import { t } from './messages';

/** a text cell; a tags cell's text is cut into pairs of characters as it is typed */
export function TextCell({ id, value, invalid, disabled, onChange, onBlur, field }: GridEditorProps) {
  const typed = field.gridTags ? tagsText : (text: string) => text;
  return (
    <Input
      id={id}
      aria-label={field.title}
      value={value === undefined || value === null ? '' : String(value)}
      status={invalid ? 'error' : undefined}
      disabled={disabled}
      placeholder={field.placeholder}
      onChange={(e) => onChange(typed(e.target.value) || undefined)}
      onBlur={onBlur}
    />
  );
}

/**
 * A number cell: a keystroke that would make anything but a sign, digits and one decimal part is
 * refused (the text stays as it was); on blur the text becomes its number, or is cleared.
 */
export function NumberCell({ id, value, invalid, disabled, onChange, onBlur, field }: GridEditorProps) {
  const shown = value === undefined || value === null ? '' : String(value);
  // the text being typed ("-", "3.") may not be a number yet: kept here until blur
  const [draft, setDraft] = useState<string | null>(null);
  return (
    <Input
      id={id}
      aria-label={field.title}
      inputMode="decimal"
      value={draft ?? shown}
      status={invalid ? 'error' : undefined}
      disabled={disabled}
      placeholder={field.placeholder}
      onChange={(e) => {
        const text = e.target.value;
        if (!acceptsNumberText(text)) return;
        setDraft(text);
        const n = parseNumberText(text);
        onChange(n);
      }}
      onBlur={() => {
        setDraft(null);
        onChange(parseNumberText(draft ?? shown));
        onBlur();
      }}
    />
  );
}

/** a cell chosen from the field's options */
export function OptionCell({
  id,
  value,
  invalid,
  disabled,
  onChange,
  onBlur,
  field,
  options,
}: GridEditorProps) {
  return (
    <Select
      id={id}
      aria-label={field.title}
      style={{ width: '100%' }}
      value={value === undefined || value === null || value === '' ? undefined : String(value)}
      status={invalid ? 'error' : undefined}
      disabled={disabled}
      placeholder={field.placeholder ?? t('choose')}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      options={(options ?? []).map((o) => ({ value: o.value, label: o.text }))}
      onChange={(v) => onChange(v ?? undefined)}
      onBlur={onBlur}
    />
  );
}

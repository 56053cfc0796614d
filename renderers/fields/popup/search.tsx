import type { SearchControlProps } from '../types';
import { PopupInput } from './popup-input';
import { t } from '../messages';

/** in a list's search: the chosen row's value for this field becomes the search value */
export default function PopupSearch({ id, field, value, onChange }: SearchControlProps) {
  return (
    <PopupInput
      id={id}
      field={field}
      value={value}
      placeholder={t('chooseOf', { title: field.title })}
      typed
      onChange={(v) => onChange?.(v)}
    />
  );
}

import { DictSearchSelect } from '../../pickers/DictSearchSelect';
import type { SearchControlProps } from '../types';

/** sel_search's search control: the dictionary searched on the server as one types */
export default function SearchSelectSearch({ id, field, value, onChange }: SearchControlProps) {
  return <DictSearchSelect id={id} field={field} value={value} onChange={(v) => onChange?.(v)} />;
}

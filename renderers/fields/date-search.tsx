import { fieldType } from '../../src/core/fields/registry';
import type { DateKind } from '../list/SearchDate';
import SearchDatePicker from '../list/SearchDatePicker';
import type { SearchControlProps } from './types';

/**
 * the search control of a date, date-time or time field: one value, or a range (the antd pickers
 * come with it: the part loads when a search form shows such a field)
 */
export function dateSearch(kind: DateKind, range: boolean) {
  return function DateSearch({ id, field, value, onChange }: SearchControlProps) {
    const format = fieldType(field).format!;
    return (
      <SearchDatePicker id={id} kind={kind} range={range} format={format} value={value} onChange={onChange} />
    );
  };
}

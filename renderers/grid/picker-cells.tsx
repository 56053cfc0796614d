import { isMultiValue } from '../../src/core/document/model';
import type { GridEditorProps } from '../fields/types';
import { DictTreeSelect } from '../form/widgets/TreeSelectWidget';
import { DictSearchSelect } from '../pickers/DictSearchSelect';
import { PickerInput } from '../pickers/PickerInput';
import { dictTextNames } from '../pickers/picked';
import { t } from './messages';

/** a cell shows one tag of several values */
const CELL_TAGS = 1;

/** sel_user, sel_depart: the chosen names, and the field's picker behind the button */
export function PickerCell({ id, field, value, options, disabled, row, onChange }: GridEditorProps) {
  return (
    <PickerInput
      id={id}
      field={field}
      value={value}
      disabled={disabled}
      placeholder={field.placeholder}
      record={row}
      dictOptions={options}
      maxTagCount={CELL_TAGS}
      onChange={onChange}
    />
  );
}

/** sel_search: the field's dictionary searched as the user types */
export function SearchSelectCell({ id, field, value, disabled, row, onChange }: GridEditorProps) {
  return (
    <DictSearchSelect
      id={id}
      field={field}
      value={value}
      multiple={isMultiValue(field)}
      maxTagCount={CELL_TAGS}
      known={dictTextNames(row?.[field.key], row?.[`${field.key}_dictText`])}
      placeholder={field.placeholder}
      disabled={disabled}
      onChange={onChange}
    />
  );
}

/** sel_tree, cat_tree: a node of the field's tree; until its branch loads, the row's `<key>_dictText` names it */
export function TreeCell({ id, field, value, disabled, row, onChange }: GridEditorProps) {
  const known = row?.[`${field.key}_dictText`];
  return (
    <DictTreeSelect
      id={id}
      field={field}
      value={value}
      knownLabel={typeof known === 'string' ? known : undefined}
      placeholder={field.placeholder ?? t('choose')}
      disabled={disabled}
      onChange={onChange}
    />
  );
}

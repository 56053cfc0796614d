import type { FieldDoc } from '../../src/core/document/types';
import { fieldType } from '../../src/core/fields/registry';

/** one chosen item of a picker: the value the field stores and the name shown for it */
export interface Picked {
  value: string;
  label: string;
}

/** what every picker modal receives; the widget mounts it while open */
export interface PickerModalProps {
  field: FieldDoc;
  /** false: one value, the most recently checked ("Pickers") */
  multiple: boolean;
  /** what the field holds when the modal opens */
  value: Picked[];
  onOk: (picked: Picked[]) => void;
  onCancel: () => void;
}

/** the stored values with their names: the first source that knows a value names it, else the value itself */
export function withNames(values: string[], ...sources: ReadonlyMap<string, string>[]): Picked[] {
  return values.map((value) => ({
    value,
    label: sources.find((s) => s.has(value))?.get(value) ?? value,
  }));
}

/** the values no source names yet (the widget asks the server for these) */
export function unnamed(values: string[], ...sources: ReadonlyMap<string, string>[]): string[] {
  return values.filter((v) => !sources.some((s) => s.has(v)));
}

/** a record's `<key>_dictText`: the names of its comma list, item by item in the same order */
export function dictTextNames(value: unknown, dictText: unknown): Map<string, string> {
  if (typeof value !== 'string' || typeof dictText !== 'string') return new Map();
  const values = value.split(',');
  const names = dictText.split(',');
  if (values.length !== names.length) return new Map();
  return new Map(values.map((v, i) => [v, names[i]]));
}

/** checks or unchecks one item: single-select keeps only the most recently checked; multi keeps all */
export function toggle(current: Picked[], item: Picked, checked: boolean, multiple: boolean): Picked[] {
  const rest = current.filter((p) => p.value !== item.value);
  if (!checked) return rest;
  return multiple ? [...rest, item] : [item];
}

/** whether a picker field keeps several values: multi-select unless the field says multi: false or its type holds one choice (sel_search) */
export function isMultiple(field: FieldDoc): boolean {
  return field.multi ?? !fieldType(field).singleChoice;
}

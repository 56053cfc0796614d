import type { ComponentType } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import type { FieldDoc } from '../../src/core/document/types';
import type { DictOption } from '../common/dict';
import type { PartLoader } from '../common/lazy-parts';

/** the pickers a field may be chosen with (renderers/pickers/registry.ts has one of each) */
export type PickerName = 'depart' | 'user' | 'popup';

/** rjsf's own widgets a type may take as they are */
export type BuiltinEditor = 'textarea' | 'password' | 'hidden';

/** what a list's search form hands a field's search control (the Form.Item gives value and onChange) */
export interface SearchControlProps {
  id: string;
  field: FieldDoc;
  /** the field's dictionary options, when it has any */
  options?: DictOption[];
  value?: unknown;
  onChange?: (value: unknown) => void;
  /** an advanced-query condition whose rule takes several values (在...中); the value is comma-joined */
  multiple?: boolean;
}

/** a list cell: the record's value as the type shows it, beside the text the list sorts and copies */
export interface CellProps {
  field: FieldDoc;
  row: Record<string, unknown>;
  text: string;
}

/** what an editable grid hands a cell's editor ("Editable table") */
export interface GridEditorProps {
  id: string;
  field: FieldDoc;
  value: unknown;
  /** the field's dictionary options, when it has any */
  options?: DictOption[];
  invalid: boolean;
  disabled?: boolean;
  /** the cell's row: its other values and the server's `<key>_dictText` names */
  row?: Record<string, unknown>;
  onChange: (value: unknown) => void;
  /** sets several cells of the row at once (a popup's chosen row fills its destFields) */
  onFill?: (values: Record<string, unknown>) => void;
  onBlur: () => void;
}

/**
 * The browser half of a field type (the core half is src/core/fields): how a form edits it, how a
 * list cell shows it, how a list searches it, how an editable grid edits it. Each part is its own
 * module, loaded when a screen needs it (renderers/common/lazy-parts.ts): a list loads its columns'
 * cells and its search controls, a form its editors, a grid its cells. Every part is optional: a
 * type without an editor is edited by rjsf's default for its JSON type, without a cell shows its
 * text, without a search control is searched by a text box (or by its options when the field has a
 * dictionary).
 */
export interface FieldParts {
  /** the form editor (an rjsf widget), or the name of rjsf's own */
  editor?: PartLoader<ComponentType<WidgetProps>> | BuiltinEditor;
  /**
   * what a detail (详细信息) shows instead of the editor, where a read-only editor is no way to read
   * the value (rich text and markdown: the text itself, not a toolbar over a tall box)
   */
  display?: PartLoader<ComponentType<WidgetProps>>;
  /** the list cell, when text is not enough (thumbnails, links) */
  cell?: PartLoader<ComponentType<CellProps>>;
  /** the search control of the single, like and in modes */
  search?: PartLoader<ComponentType<SearchControlProps>>;
  /**
   * the advanced query's value control (高级查询), where the search control's value is not the plain
   * value a condition compares (an area searched as a prefix); absent: the search control
   */
  condition?: PartLoader<ComponentType<SearchControlProps>>;
  /** the search control of the range mode; absent: two boxes, 最小值 and 最大值 */
  rangeSearch?: PartLoader<ComponentType<SearchControlProps>>;
  /** the editor of the type's cells in an editable grid; absent: a text box (or a drop-down of its options) */
  gridEditor?: PartLoader<ComponentType<GridEditorProps>>;
  /** the grid column's width when the field names none (a date 135, a user select 220 ...) */
  gridWidth?: number;
  /** the picker the type is chosen with (a field of another type names its picker by popupCode) */
  picker?: PickerName;
}

/** the parts of a type that are components, loaded when needed */
export type FieldPartName =
  'editor' | 'display' | 'cell' | 'search' | 'condition' | 'rangeSearch' | 'gridEditor';

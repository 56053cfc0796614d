import type { RegistryWidgetsType, WidgetProps } from '@rjsf/utils';
import type { ComponentType } from 'react';
import type { FieldDoc } from '../../src/core/document/types';
import type { FieldType } from '../../src/core/fields/registry';
import { catTree } from './cat-tree';
import { checkbox } from './checkbox';
import { cron } from './cron';
import { code } from './code';
import { date } from './date';
import { datetime } from './datetime';
import { file } from './file';
import { hidden } from './hidden';
import { image } from './image';
import { input } from './input';
import { inputNumber } from './input-number';
import { inputPop } from './input-pop';
import { listMulti } from './list-multi';
import { markdown } from './markdown';
import { password } from './password';
import { pca } from './pca';
import { popup } from './popup';
import { radio } from './radio';
import { select } from './select';
import { selDepart } from './sel-depart';
import { selSearch } from './sel-search';
import { selTree } from './sel-tree';
import { selUser } from './sel-user';
import { switchType } from './switch';
import { textarea } from './textarea';
import { time } from './time';
import { umeditor } from './umeditor';
import { upload } from './upload';
import type { FieldRenderer } from './types';

/**
 * The browser half of every field type, registered once under the type's name (the core half is
 * src/core/fields/registry.ts). The `satisfies` makes a type registered in core and missing here a
 * compile error. The form, the list cells and the search form ask this; nothing else switches on
 * a type name.
 */
export const FIELD_RENDERERS = {
  input,
  inputNumber,
  textarea,
  input_pop: inputPop,
  password,
  checkbox,
  select,
  radio,
  list_multi: listMulti,
  sel_search: selSearch,
  sel_tree: selTree,
  sel_depart: selDepart,
  sel_user: selUser,
  cat_tree: catTree,
  pca,
  switch: switchType,
  date,
  datetime,
  time,
  upload,
  file,
  image,
  markdown,
  umeditor,
  cron,
  code,
  popup,
  hidden,
} satisfies Record<FieldType, FieldRenderer>;

/** the browser renderer of a field's type */
export function rendererOf(field: Pick<FieldDoc, 'type'>): FieldRenderer {
  return (FIELD_RENDERERS as Record<string, FieldRenderer>)[field.type] ?? {};
}

/** the rjsf widget name a field's type is edited with: rjsf's own for a builtin, else one per type */
export function editorName(field: Pick<FieldDoc, 'type'>): string | undefined {
  const editor = rendererOf(field).editor;
  if (!editor) return undefined;
  return typeof editor === 'string' ? editor : `field:${field.type}`;
}

/** every type's own editor, under the names editorName gives */
export const fieldEditors: RegistryWidgetsType = Object.fromEntries(
  Object.entries(FIELD_RENDERERS as Record<string, FieldRenderer>)
    .filter(
      (e): e is [string, FieldRenderer & { editor: ComponentType<WidgetProps> }] =>
        e[1].editor !== undefined && typeof e[1].editor !== 'string',
    )
    .map(([type, r]) => [`field:${type}`, r.editor]),
);

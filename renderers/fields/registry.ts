import type { FieldType } from '../../src/core/fields/registry';
import type { FieldParts } from './types';

/** file and upload are one type to the browser (upload is the editable table's name for it) */
const FILES: FieldParts = {
  editor: () => import('./file/editor'),
  cell: () => import('./file/cell'),
  gridEditor: () => import('./file/grid-editor'),
};

/**
 * The browser half of every field type, registered once under the type's name (the core half is
 * src/core/fields/registry.ts): each part a loader of its own module (renderers/fields/<type>/<part>),
 * loaded by the screen that shows it (renderers/fields/parts.ts). This module is a leaf: it imports
 * no code at all, only names modules to load later, so the grid, the pickers, the form and the list
 * can all consume it without one screen carrying another's parts or closing an import cycle
 * (eslint.config.js and scripts/import-cycles.ts keep it so). The `satisfies` makes a type
 * registered in core and missing here a compile error; nothing else switches on a type name.
 */
export const FIELD_PARTS = {
  input: {},
  inputNumber: { gridEditor: () => import('./input-number/grid-editor') },
  textarea: { editor: 'textarea' },
  input_pop: {
    editor: () => import('./input-pop/editor'),
    gridEditor: () => import('./input-pop/grid-editor'),
  },
  password: { editor: 'password' },
  checkbox: {
    editor: () => import('./checkbox/editor'),
    gridEditor: () => import('./checkbox/grid-editor'),
  },
  select: { editor: () => import('./select/editor'), gridEditor: () => import('./select/grid-editor') },
  radio: { editor: () => import('./radio/editor'), gridEditor: () => import('./radio/grid-editor') },
  list_multi: {
    editor: () => import('./list-multi/editor'),
    gridEditor: () => import('./list-multi/grid-editor'),
  },
  sel_search: {
    editor: () => import('./sel-search/editor'),
    search: () => import('./sel-search/search'),
    gridEditor: () => import('./sel-search/grid-editor'),
  },
  sel_tree: { editor: () => import('./sel-tree/editor'), gridEditor: () => import('./sel-tree/grid-editor') },
  sel_depart: {
    editor: () => import('./sel-depart/editor'),
    gridEditor: () => import('./sel-depart/grid-editor'),
    condition: () => import('./sel-depart/condition'),
    // a department select column is 160px
    gridWidth: 160,
    picker: 'depart',
  },
  sel_user: {
    editor: () => import('./sel-user/editor'),
    gridEditor: () => import('./sel-user/grid-editor'),
    condition: () => import('./sel-user/condition'),
    // a user select column is 220px
    gridWidth: 220,
    picker: 'user',
  },
  cat_tree: {
    editor: () => import('./cat-tree/editor'),
    search: () => import('./cat-tree/search'),
    gridEditor: () => import('./cat-tree/grid-editor'),
  },
  pca: {
    editor: () => import('./pca/editor'),
    search: () => import('./pca/search'),
    condition: () => import('./pca/condition'),
    gridEditor: () => import('./pca/grid-editor'),
  },
  switch: {
    editor: () => import('./switch/editor'),
    search: () => import('./switch/search'),
    gridEditor: () => import('./switch/grid-editor'),
  },
  // a grid's date column is 135px, a date-time column 200px; a time range is two boxes
  date: {
    editor: () => import('./date/editor'),
    search: () => import('./date/search'),
    rangeSearch: () => import('./date/range-search'),
    gridEditor: () => import('./date/grid-editor'),
    gridWidth: 135,
  },
  datetime: {
    editor: () => import('./datetime/editor'),
    search: () => import('./datetime/search'),
    rangeSearch: () => import('./datetime/range-search'),
    gridEditor: () => import('./datetime/grid-editor'),
    gridWidth: 200,
  },
  time: {
    editor: () => import('./time/editor'),
    search: () => import('./time/search'),
    gridEditor: () => import('./time/grid-editor'),
  },
  upload: FILES,
  file: FILES,
  image: {
    editor: () => import('./image/editor'),
    cell: () => import('./image/cell'),
    gridEditor: () => import('./image/grid-editor'),
  },
  // markdown and rich text: a list cell shows core's plain text, a detail the text rendered
  markdown: { editor: () => import('./markdown/editor'), display: () => import('./markdown/display') },
  umeditor: { editor: () => import('./umeditor/editor'), display: () => import('./umeditor/display') },
  code: { editor: () => import('./code/editor') },
  cron: { editor: () => import('./cron/editor'), display: () => import('./cron/display') },
  popup: {
    editor: () => import('./popup/editor'),
    search: () => import('./popup/search'),
    gridEditor: () => import('./popup/grid-editor'),
  },
  // a slot cell is drawn by the registered slot its field names (renderers/slots/registry.ts)
  slot: {
    editor: () => import('./slot/editor'),
    cell: () => import('./slot/cell'),
    gridEditor: () => import('./slot/grid-editor'),
  },
  icon: { editor: () => import('./icon/editor'), cell: () => import('./icon/cell') },
  rule_column: { editor: () => import('./rule-column/editor') },
  hidden: { editor: 'hidden' },
} satisfies Record<FieldType, FieldParts>;

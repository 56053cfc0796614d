import type { FORM_WORDS } from './messages';

/** the form's words in English (typed against messages.ts: none may be missing) */
export default {
  add: 'Add',
  edit: 'Edit',
  detail: 'Details',
  settleFirst: 'First choose which value to keep for each field that differs from the other change',
  done: 'Done',
  failed: 'Failed',
  fullscreen: 'Full screen',
  exitFullscreen: 'Exit full screen',
  ok: 'OK',
  close: 'Close',
  brokenField: '{field} ({key}, type {type}) cannot be shown: {error}',
  empty: '(empty)',
  collisions:
    'Someone else saved this record at {savedAt}; the fields below differ from your changes, choose the values to keep',
  merged:
    'Someone else saved this record at {savedAt}; the form has loaded their changes and kept what you entered',
  collision: ': yours "{mine}", theirs "{theirs}"',
  keepMine: 'Keep mine',
  takeTheirs: 'Take theirs',
  addOnly: '{title} can only be chosen when adding',
  choose: 'Select {title}',
  enter: 'Enter {title}',
  loading: 'Loading',
  picture: 'Image',
  replaceOf: 'Replace {name}',
  uploadOf: 'Upload {name}',
  replace: 'Replace',
  upload: 'Upload',
  delete: 'Delete',
  treeDictFailed: 'Failed to load tree dictionary {table}',
} satisfies Record<keyof typeof FORM_WORDS, string>;

import type { GRANT_WORDS } from './messages';

/** the grant editor's words in English (typed against messages.ts: none may be missing) */
export default {
  grantFailed: 'Granting failed',
  unsaved: 'Not saved: {added} added, {removed} removed',
  cancel: 'Cancel',
  saveAndClose: 'Save and close',
  save: 'Save',
  dataRules: 'Data rules',
  dataRulesOf: 'Data rules: {title}',
  noDataRules: 'This menu has no data rules',
  checkAll: 'Check all',
  uncheckAll: 'Uncheck all',
  expandAll: 'Expand all',
  collapseAll: 'Collapse all',
  linked: 'Parents and children together',
  linkedHint: 'Checking also checks the children and parents; unchecking also unchecks the children',
  chooseDataRules: "Click to choose this menu's data rules",
} satisfies Record<keyof typeof GRANT_WORDS, string>;

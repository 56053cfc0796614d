import { defineMessages } from '../../src/core/messages';

/** the grant editor's words (src/core/messages.ts); English in messages.en-US.ts */
export const GRANT_WORDS = {
  grantFailed: '授权失败！',
  unsaved: '未保存：新增 {added} 项，取消 {removed} 项',
  cancel: '取消',
  saveAndClose: '保存并关闭',
  save: '保存',
  dataRules: '数据规则',
  dataRulesOf: '数据规则：{title}',
  noDataRules: '该菜单没有数据规则',
  checkAll: '全部勾选',
  uncheckAll: '取消全选',
  expandAll: '展开所有',
  collapseAll: '合并所有',
  linked: '父子关联',
  linkedHint: '勾选时连同下级与上级一起勾选，取消时连同下级一起取消',
  chooseDataRules: '点击选择该菜单的数据规则',
};

export const t = defineMessages('renderers/grant', GRANT_WORDS);

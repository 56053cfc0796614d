import { defineMessages } from '../../src/core/messages';

/** the form's own words (src/core/messages.ts); English in messages.en-US.ts */
export const FORM_WORDS = {
  add: '新增',
  edit: '编辑',
  detail: '详细信息',
  settleFirst: '请先选择与他人修改不同的字段要保留的值',
  done: '操作成功',
  failed: '操作失败',
  fullscreen: '全屏',
  exitFullscreen: '退出全屏',
  ok: '确定',
  close: '关闭',
  brokenField: '{field}（{key}，类型 {type}）无法显示：{error}',
  empty: '（空）',
  collisions: '此记录已由他人于 {savedAt} 保存，以下字段与您的修改不同，请选择要保留的值',
  merged: '此记录已由他人于 {savedAt} 保存，表单已载入其修改，您填写的内容保留不变',
  collision: '：您的「{mine}」，他人的「{theirs}」',
  keepMine: '保留我的',
  takeTheirs: '采用他人的',
  addOnly: '{title}只能在新增时选择',
  choose: '请选择{title}',
  enter: '请输入{title}',
  loading: '正在加载',
  picture: '图片',
  replaceOf: '更换{name}',
  uploadOf: '上传{name}',
  replace: '更换',
  upload: '上传',
  delete: '删除',
  treeDictFailed: '树字典 {table} 加载失败',
};

export const t = defineMessages('renderers/form', FORM_WORDS);

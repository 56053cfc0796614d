import { defineMessages } from '../../src/core/messages';

/** the shared screen parts' own words (src/core/messages.ts); English in messages.en-US.ts */
export const COMMON_WORDS = {
  forbidden: '无权访问',
  forbiddenText: '抱歉，您没有访问此页面的权限，请联系管理员授权。',
  backHome: '返回首页',
  expandRow: '展开 {name}',
  collapseRow: '收起 {name}',
  systemDictsFailed: '系统字典加载失败',
  dictFailed: '字典 {code} 加载失败',
  notice: '系统提示',
  readFailed: '查询失败',
  done: '操作成功',
  failed: '操作失败',
  heartbeatFailed: '心跳发送失败',
  passwordMismatch: '两次输入的密码不匹配!',
  enterPassword: '请输入密码',
  enterPasswordAgain: '请再次输入密码',
  uploaded: '{name} 上传成功!',
  pageMissing: '页面不存在',
  pageMissingText: '页面不存在或无权访问',
  loadFailed: '加载失败',
  loadFailedText: '页面加载失败，请稍后重试',
  networkDown: '网络异常，请检查网络连接',
  notEntity: '文档 {code} 不是实体文档',
  unknownRenderer: '页面组件未注册',
  unknownRendererText: '组件 {name} 没有对应的页面或渲染器',
  unsaved: '未保存',
  saved: '已保存',
  savedAt: '保存于 {at}',
};

export const t = defineMessages('renderers/common', COMMON_WORDS);

import { defineMessages } from '../../src/core/messages';

/** the editable grid's own words (src/core/messages.ts); English in messages.en-US.ts */
export const GRID_WORDS = {
  sum: '合计',
  average: '平均',
  rowsSay: '第{rows}行：{message}',
  tableRowSays: '{title}第{row}行：{message}',
  listSeparator: '、',
  selectAll: '全选',
  dragToSort: '拖动排序',
  empty: '暂无数据，点击新增添加一行',
  selectRow: '选择第{row}行',
  dragRow: '拖动第{row}行',
  toolbar: '工具栏',
  add: '新增',
  insert: '插入',
  addChild: '添加下级',
  moveUp: '上移',
  moveDown: '下移',
  confirmDeleteTree: '确定删除选中的{count}行及其下级吗?',
  confirmDelete: '确定删除选中的{count}行吗?',
  ok: '确定',
  cancel: '取消',
  delete: '删除',
  selectedRows: '已选择 {count} 行',
  none: '暂无{title}',
  fill: '填写{title}',
  confirmClear: '确定清除{title}吗?',
  confirmClearSaved: '确定清除{title}吗?保存后删除',
  clear: '清除{title}',
  detailsFailed: '明细加载失败',
  detailsLoading: '明细尚未加载完成，请稍候',
  choose: '请选择',
  yes: '是',
  no: '否',
  /** shown on a cell while the server has not answered its handler rule; a save is refused meanwhile */
  handlerPending: '正在校验，请稍候',
  /** a second add or insert too soon (use-grid.ts, INSERT_THROTTLE_MS) */
  tooFast: '你点击的太快了，请慢点点击!',
  /** what a row edited here says once another console saved it (its save would be refused as stale) */
  changedElsewhere: '该行已被他人修改，保存将被拒绝，请刷新后重试',
};

export const t = defineMessages('renderers/grid', GRID_WORDS);

import { defineMessages } from '../../src/core/messages';

/** the online reports' own words (src/core/messages.ts); English in messages.en-US.ts */
export const REPORT_WORDS = {
  chartFailed: '图表加载失败',
  reportFailed: '报表加载失败',
  headsFailed: '报表列表加载失败',
  empty: '暂无数据',
  bar: '柱状图',
  line: '折线图',
  pie: '饼图',
  listSeparator: '、',
  reportName: '报表名称',
  reportCode: '报表编码',
  columns: '显示列',
  query: '查询条件',
  params: '参数',
  chart: '图表',
  actions: '操作',
  view: '查看',
  findPlaceholder: '按报表名称或编码查找',
  find: '查找报表',
  noMatch: '没有匹配的报表',
  noReports: '暂无可查看的报表',
  export: '导出',
  choose: '请选择{label}',
  enter: '请输入{label}',
  min: '最小值',
  max: '最大值',
  rangeEnd: '{label}结束',
  blank: '（空）',
};

export const t = defineMessages('renderers/report', REPORT_WORDS);

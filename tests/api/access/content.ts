import ExcelJS from 'exceljs';
import { get, post, uniq } from '../setup/client';
import type { Sample, Samples } from './types';

/**
 * Samples for the routes of the content half of system administration: dictionaries and items,
 * categories, announcements, check and fill rules, the notice socket. The generic CRUD routes of
 * these documents are listed too, because their hooks accept only records a generic generator
 * cannot guess (an item needs its dictionary, a rule valid rule JSON, an edit a draft ...).
 * Every sample that changes something makes its own target first.
 */

async function created(path: string, body: object, token: string): Promise<string> {
  const { json } = await post(path, body, token);
  if (!json.success) throw new Error(`${path}: ${json.message}`);
  return json.result as string;
}

const newDict = (token: string) =>
  created('/sys/dict/add', { dictName: '样例字典', dictCode: `s_${uniq()}` }, token);
const newItem = async (token: string) =>
  created('/sys/dictItem/add', { dictId: await newDict(token), itemValue: 'v', itemText: '样例项' }, token);
const newCategory = (token: string) => created('/sys/category/add', { name: `样例分类${uniq()}` }, token);
const newDraft = (token: string) =>
  created('/sys/annountCement/add', { titile: `样例通告${uniq()}`, msgCategory: '1', msgType: 'ALL' }, token);
const newCheckRule = (token: string) =>
  created(
    '/sys/checkRule/add',
    {
      ruleName: '样例规则',
      ruleCode: `c_${uniq()}`,
      ruleJson: '[{"digits":"*","pattern":"\\\\d+","message":"须是数字"}]',
    },
    token,
  );
const newFillRule = (token: string) =>
  created(
    '/sys/fillRule/add',
    { ruleName: '样例填值', ruleCode: `f_${uniq()}`, generator: 'order_num', ruleParams: '{"prefix":"S"}' },
    token,
  );

/** an .xlsx with a header row of the given titles and one data row */
async function workbook(row: Record<string, string>): Promise<Sample['upload']> {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('Sheet1');
  sheet.addRow(Object.keys(row));
  sheet.addRow(Object.values(row));
  return { fileName: 'sample.xlsx', content: Buffer.from(await wb.xlsx.writeBuffer()) };
}

/** the generic CRUD routes of one document, with what each needs */
function crud(
  base: string,
  code: string,
  make: (token: string) => Promise<string>,
  addBody: (token: string) => Promise<object> | object,
  editBody: object,
  importRow: (token: string) => Promise<Record<string, string>> | Record<string, string>,
): Samples {
  const edit = async (token: string) => ({ body: { id: await make(token), ...editBody } });
  return {
    [`GET ${base}/list`]: () => ({}),
    [`GET ${base}/queryById`]: async (token) => ({ query: { id: await make(token) } }),
    [`POST ${base}/add`]: async (token) => ({ body: await addBody(token) }),
    [`PUT ${base}/edit`]: edit,
    [`POST ${base}/edit`]: edit,
    [`DELETE ${base}/delete`]: async (token) => ({ query: { id: await make(token) } }),
    [`DELETE ${base}/deleteBatch`]: async (token) => ({
      query: { ids: `${await make(token)},${await make(token)}` },
    }),
    [`GET ${base}/exportXls`]: () => ({ expect: 'file' }),
    [`POST ${base}/importExcel`]: async (token) => ({ upload: await workbook(await importRow(token)) }),
    [`GET /online/cgform/api/document/${code}`]: () => ({}),
  };
}

export const samples: Samples = {
  ...crud(
    '/sys/dict',
    'sys_dict',
    newDict,
    () => ({ dictName: '样例字典', dictCode: `s_${uniq()}` }),
    { dictName: '改名' },
    () => ({ 字典名称: '导入字典', 字典编码: `i_${uniq()}` }),
  ),
  ...crud(
    '/sys/dictItem',
    'sys_dict_item',
    newItem,
    async (token) => ({ dictId: await newDict(token), itemValue: 'v', itemText: '样例项' }),
    { itemText: '改名', status: '0' },
    async (token) => {
      const dictName = `导入目标${uniq()}`;
      await created('/sys/dict/add', { dictName, dictCode: `s_${uniq()}` }, token);
      return { 所属字典: dictName, 名称: '导入项', 数据值: 'i1', 状态: '启用' };
    },
  ),
  'GET /sys/dictItem/dictItemCheck': async (token) => {
    const dictId = await newDict(token);
    return { query: { dictId, itemValue: 'free' } };
  },

  ...crud(
    '/sys/category',
    'sys_category',
    newCategory,
    () => ({ name: `样例分类${uniq()}` }),
    { name: '改名' },
    () => ({ 分类名称: `导入分类${uniq()}` }),
  ),
  'GET /sys/category/rootList': () => ({}),
  'GET /sys/category/childList': () => ({ query: { pid: 'cat_a01' } }),
  'GET /sys/category/getChildListBatch': () => ({ query: { parentIds: 'cat_a01,cat_a02' } }),
  'GET /sys/category/checkCode': () => ({ query: { pid: 'cat_a01', code: 'A01A09' } }),
  'GET /sys/category/loadTreeRoot': () => ({ query: { async: 'false', pcode: 'A01' } }),
  'GET /sys/category/loadTreeChildren': () => ({ query: { pid: 'cat_a01' } }),
  'GET /sys/category/loadTreeData': () => ({ query: { pcode: '0', condition: '{"has_child":"1"}' } }),
  'GET /sys/category/loadOne': () => ({ query: { field: 'code', val: 'A01' } }),
  'GET /sys/category/loadDictItem/': () => ({ query: { ids: 'cat_a01,cat_a02' } }),
  'GET /sys/category/loadAllData': () => ({ query: { code: 'A01' } }),
  'GET /sys/area/children': () => ({ query: { pid: '44' } }),

  ...crud(
    '/sys/annountCement',
    'sys_announcement',
    newDraft,
    () => ({ titile: `样例通告${uniq()}`, msgCategory: '1', msgType: 'ALL' }),
    { titile: '改过的标题' },
    () => ({ 标题: `导入通告${uniq()}`, 消息类型: '通知公告', 通告对象: '全体用户' }),
  ),
  'GET /sys/annountCement/doReleaseData': async (token) => ({ query: { id: await newDraft(token) } }),
  'GET /sys/annountCement/doReovkeData': async (token) => {
    const id = await newDraft(token);
    const { json } = await get('/sys/annountCement/doReleaseData', token, { id });
    if (!json.success) throw new Error(json.message);
    return { query: { id } };
  },
  'GET /sys/annountCement/listByUser': () => ({}),
  'GET /sys/sysAnnouncementSend/getMyAnnouncementSend': () => ({ query: { readFlag: '0' } }),
  'PUT /sys/sysAnnouncementSend/editByAnntIdAndUserId': async (token) => {
    const id = await newDraft(token);
    const { json } = await get('/sys/annountCement/doReleaseData', token, { id });
    if (!json.success) throw new Error(json.message);
    return { body: { anntId: id } };
  },
  'PUT /sys/sysAnnouncementSend/readAll': () => ({ body: {} }),
  'GET /websocket/:userId': () => ({ params: { userId: 'ignored' } }),
  'GET /vxeSocket/:userId/:pageId': () => ({ params: { userId: 'ignored', pageId: 'page-1' } }),

  ...crud(
    '/sys/checkRule',
    'sys_check_rule',
    newCheckRule,
    () => ({
      ruleName: '样例规则',
      ruleCode: `c_${uniq()}`,
      ruleJson: '[{"digits":"*","pattern":"\\\\d+","message":"须是数字"}]',
    }),
    { ruleName: '改名' },
    () => ({
      规则名称: '导入规则',
      规则编码: `i_${uniq()}`,
      规则JSON: '[{"digits":"*","pattern":"\\\\d+","message":"须是数字"}]',
    }),
  ),
  'GET /sys/checkRule/checkByCode': () => ({ query: { ruleCode: 'collection_no', value: 'CP2024-0001' } }),

  ...crud(
    '/sys/fillRule',
    'sys_fill_rule',
    newFillRule,
    () => ({ ruleName: '样例填值', ruleCode: `f_${uniq()}`, generator: 'order_num' }),
    { ruleName: '改名' },
    () => ({ 规则名称: '导入填值', 规则编码: `i_${uniq()}`, 生成器: '单号：前缀 + 日期 + 流水号' }),
  ),
  'PUT /sys/fillRule/executeRuleByCode/:ruleCode': () => ({
    params: { ruleCode: 'shop_order_num' },
    body: {},
  }),
  'PUT /sys/fillRule/executeRuleByCodeBatch': () => ({
    body: { commonFormData: {}, rules: [{ ruleCode: 'shop_order_num' }, { ruleCode: 'category_code_rule' }] },
  }),
};

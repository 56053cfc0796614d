import fs from 'node:fs';
import { inject } from 'vitest';
import ExcelJS from 'exceljs';
import { fetchRaw, lastSms, login, post, uniq } from '../setup/client';
import { createRole, createUser, PASSWORD } from '../setup/access';
import type { Samples } from './types';

/**
 * Samples for the routes of the access half and for the routes that were there before it (login,
 * self-service, menus, dictionaries, duplicate check, files, dashboard). Each builds what its call
 * needs through the API with the admin's token.
 */

const adminPassword = () => inject('adminPassword');

function mobile(): string {
  return `13${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
}

export async function ok<T = any>(
  p: Promise<{ json: { success: boolean; message: string; result: T } }>,
): Promise<T> {
  const { json } = await p;
  if (!json.success) throw new Error(json.message);
  return json.result;
}

/** a verification code sent to a number for a mode (0 login, 1 register, 2 forgot) */
async function smsCode(phone: string, smsmode: string): Promise<string> {
  await ok(post('/sys/sms', { mobile: phone, smsmode }));
  return (await lastSms(phone))!.code;
}

async function userWithPhone(admin: string) {
  const phone = mobile();
  const u = await createUser(admin, { extra: { phone } });
  return { ...u, phone };
}

const newRole = (t: string) =>
  ok<string>(post('/sys/role/add', { roleName: '样例角色', roleCode: `s_${uniq()}` }, t));
const newDepart = (t: string) =>
  ok<string>(post('/sys/sysDepart/add', { departName: `样例部门${uniq()}` }, t));
const newMenu = (t: string) =>
  ok<string>(
    post('/sys/permission/add', { name: `样例菜单${uniq()}`, menuType: 0, url: `/sample${uniq()}` }, t),
  );
const newRule = (t: string) =>
  ok<string>(
    post(
      '/sys/permission/addPermissionRule',
      {
        permissionId: 'doc_base_unit',
        ruleName: '样例',
        ruleColumn: 'createBy',
        ruleConditions: '=',
        ruleValue: '#{sys_user_code}',
      },
      t,
    ),
  );
async function departRole(t: string, departId = 'dep_it') {
  return ok<string>(
    post('/sys/sysDepartRole/add', { departId, roleName: '样例部门角色', roleCode: `dr_${uniq()}` }, t),
  );
}

/** an import with a bad row, so the server writes an error report for this admin */
async function importErrorName(t: string): Promise<string> {
  const wb = new ExcelJS.Workbook();
  const s = wb.addWorksheet('单位');
  s.addRow(['单位名称', '单位编码']);
  s.addRow(['缺类型', `E${uniq()}`]);
  const form = new FormData();
  form.append('file', new Blob([(await wb.xlsx.writeBuffer()) as ArrayBuffer]), 'bad.xlsx');
  const res = await (await fetchRaw('/base/unit/importExcel', t, { method: 'POST', body: form })).json();
  return String(res.result.fileUrl).split('/').pop()!;
}

const PNG = fs.readFileSync('fixtures/files/avatar.png');

/** the stored path of a fresh upload */
async function uploadedPath(t: string): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(PNG)]), 'sample.png');
  return (await (await fetchRaw('/sys/common/upload', t, { method: 'POST', body: form })).json()).message;
}

export const samples: Samples = {
  // login and self-service (open)
  'POST /sys/login': () => ({ body: { username: 'admin', password: adminPassword() } }),
  'POST /sys/sms': () => ({ body: { mobile: mobile(), smsmode: '1' } }),
  'POST /sys/phoneLogin': async (t) => {
    const u = await userWithPhone(t);
    return { body: { mobile: u.phone, captcha: await smsCode(u.phone, '0') } };
  },
  'POST /sys/user/register': async () => {
    const phone = mobile();
    return {
      body: {
        username: `reg${uniq()}`.replace(/[^a-zA-Z0-9]/g, '').slice(0, 18),
        password: PASSWORD,
        phone,
        smscode: await smsCode(phone, '1'),
      },
    };
  },
  'POST /sys/user/phoneVerification': async (t) => {
    const u = await userWithPhone(t);
    return { body: { phone: u.phone, smscode: await smsCode(u.phone, '2') } };
  },
  'POST /sys/user/passwordChange': async (t) => {
    const u = await userWithPhone(t);
    return {
      body: {
        username: u.username,
        phone: u.phone,
        password: 'Changed2026x',
        smscode: await smsCode(u.phone, '2'),
      },
    };
  },
  // session calls
  'POST /sys/logout': async () => ({ token: await login('admin', adminPassword()) }),
  'PUT /sys/user/updatePassword': async (t) => {
    const u = await createUser(t);
    return {
      token: u.token,
      body: {
        username: u.username,
        oldpassword: PASSWORD,
        password: 'Updated2026x',
        confirmpassword: 'Updated2026x',
      },
    };
  },
  // a user of its own: the walk's admin keeps no language
  'PUT /sys/user/locale': async (t) => ({ token: (await createUser(t)).token, body: { locale: 'zh-CN' } }),
  'GET /sys/permission/getUserPermissionByToken': () => ({}),
  'GET /sys/permission/pageAccess': () => ({ query: { path: '/system/user' } }),
  'GET /sys/common/exportProgress': () => ({ query: { id: 'no-such-export' } }),
  'GET /sys/dict/getDictItems/:dictCode': () => ({ params: { dictCode: 'sex' } }),
  'GET /sys/dict/loadDict/:dictCode': () => ({
    params: { dictCode: 'sys_user,realname,username' },
    query: { keyword: '管' },
  }),
  'GET /sys/dict/loadDictItem/:dictCode': () => ({
    params: { dictCode: 'sys_user,realname,username' },
    query: { key: 'admin' },
  }),
  'GET /sys/dict/loadTreeData': () => ({
    query: { tableName: 'sys_depart', text: 'depart_name', code: 'id', pidField: 'parent_id', pid: '' },
  }),
  'GET /sys/dict/queryAllDictItems': () => ({}),
  'GET /sys/dict/refleshCache': () => ({}),
  'GET /sys/duplicate/check': () => ({
    query: { tableName: 'base_unit', fieldName: 'code', fieldVal: `F${uniq()}` },
  }),
  'GET /sys/duplicate/checkWhere': () => ({
    query: { table: 'base_unit', field: 'code', value: `F${uniq()}` },
  }),
  'GET /sys/common/static/import-errors/:name': async (t) => ({
    params: { name: await importErrorName(t) },
    expect: 'file',
  }),
  'POST /sys/common/upload': () => ({
    upload: { fileName: 'sample.png', content: PNG, contentType: 'image/png' },
  }),
  'GET /sys/common/static/*': async (t) => ({ params: { '*': await uploadedPath(t) }, expect: 'file' }),
  'GET /sys/dashboard/summary': () => ({}),
  'GET /sys/user/getCurrentUserDeparts': () => ({}),
  'POST /sys/selectDepart': () => ({ body: { selectDepartId: 'dep_it' } }),
  'PUT /sys/selectDepart': () => ({ body: { orgCode: 'A01A03' } }),
  'GET /sys/sysDepart/queryMyDeptTreeList': () => ({}),
  'GET /base/company/showOrg': () => ({}),

  // users
  'PUT /sys/user/frozenBatch': async (t) => ({ body: { ids: (await createUser(t)).id, status: '2' } }),
  'GET /sys/user/checkOnlyUser': () => ({ query: { username: `free_${uniq()}` } }),
  'PUT /sys/user/changPassword': async (t) => ({
    body: { username: (await createUser(t)).username, password: 'Reset2026x' },
  }),
  'PUT /sys/user/changePassword': async (t) => ({
    body: { username: (await createUser(t)).username, password: 'Reset2026x' },
  }),
  'GET /sys/user/queryUserRole': () => ({ query: { userid: 'user_zhang' } }),
  'GET /sys/user/queryUserByDepId': () => ({ query: { id: 'dep_museum' } }),
  'GET /sys/user/queryByIds': () => ({ query: { userIds: 'user_zhang,user_li' } }),
  'GET /sys/user/queryUserComponentData': () => ({
    query: { pageNo: '1', pageSize: '5', departId: 'dep_museum' },
  }),
  'POST /sys/user/add': () => ({
    body: {
      username: `add_${uniq()}`,
      realname: '样例用户',
      password: PASSWORD,
      selectedroles: 'role_auditor',
      selecteddeparts: 'dep_it',
    },
  }),

  // roles
  'GET /sys/role/queryall': () => ({}),
  'GET /sys/role/checkRoleCode': () => ({ query: { roleCode: `free_${uniq()}` } }),
  'GET /sys/role/queryTreeList': () => ({}),
  'GET /sys/permission/queryRolePermission': () => ({ query: { roleId: 'role_auditor' } }),
  'POST /sys/permission/saveRolePermission': async (t) => ({
    body: { roleId: await newRole(t), permissionIds: 'grp_base,doc_base_unit', lastpermissionIds: '' },
  }),
  'GET /sys/role/datarule/:permissionId/:roleId': () => ({
    params: { permissionId: 'doc_pro_product', roleId: 'role_production' },
  }),
  'POST /sys/role/datarule': async (t) => ({
    body: {
      permissionId: 'doc_pro_product',
      roleId: await createRole(t, ['doc_pro_product']),
      dataRuleIds: 'rule_demo_my_department',
    },
  }),

  // menus and data rules
  'GET /sys/permission/list': () => ({}),
  'GET /sys/permission/queryTreeList': () => ({}),
  'GET /sys/permission/getSystemMenuList': () => ({}),
  'GET /sys/permission/getSystemSubmenu': () => ({ query: { parentId: 'grp_system' } }),
  'GET /sys/permission/getSystemSubmenuBatch': () => ({ query: { parentIds: 'grp_system,grp_base' } }),
  'POST /sys/permission/add': () => ({ body: { name: `样例菜单${uniq()}`, menuType: 0, url: '/sample' } }),
  'PUT /sys/permission/edit': async (t) => ({
    body: { id: await newMenu(t), name: '样例菜单（改）', menuType: 0 },
  }),
  'DELETE /sys/permission/delete': async (t) => ({ query: { id: await newMenu(t) } }),
  'DELETE /sys/permission/deleteBatch': async (t) => ({
    query: { ids: `${await newMenu(t)},${await newMenu(t)}` },
  }),
  'GET /sys/permission/getPermRuleListByPermId': () => ({ query: { permissionId: 'doc_pro_product' } }),
  'GET /sys/permission/queryPermissionRule': () => ({ query: { permissionId: 'doc_pro_product' } }),
  'GET /sys/permission/ruleColumns': () => ({ query: { permissionId: 'doc_pro_product' } }),
  'POST /sys/permission/addPermissionRule': () => ({
    body: {
      permissionId: 'doc_base_unit',
      ruleName: '样例',
      ruleColumn: 'createBy',
      ruleConditions: '=',
      ruleValue: '#{sys_user_code}',
    },
  }),
  'PUT /sys/permission/editPermissionRule': async (t) => ({
    body: {
      id: await newRule(t),
      ruleName: '样例（改）',
      ruleColumn: 'createBy',
      ruleConditions: '!=',
      ruleValue: 'x',
    },
  }),
  'DELETE /sys/permission/deletePermissionRule': async (t) => ({ query: { id: await newRule(t) } }),

  // departments, department permissions and roles
  'GET /sys/sysDepart/queryTreeList': () => ({}),
  'GET /sys/sysDepart/queryDepartTreeSync': () => ({ query: { pid: 'dep_museum' } }),
  'GET /sys/sysDepart/queryIdTree': () => ({}),
  'GET /base/depart/getDepartTree': () => ({}),
  'GET /sys/sysDepart/searchBy': () => ({ query: { keyWord: '部' } }),
  'GET /sys/permission/queryDepartPermission': () => ({ query: { departId: 'dep_it' } }),
  'POST /sys/permission/saveDepartPermission': async (t) => ({
    body: { departId: await newDepart(t), permissionIds: 'grp_base,doc_base_unit', lastpermissionIds: '' },
  }),
  'GET /sys/sysDepartPermission/queryTreeListForDeptRole': () => ({ query: { departId: 'dep_it' } }),
  'GET /sys/sysDepartPermission/queryDeptRolePermission': async (t) => ({
    query: { roleId: await departRole(t) },
  }),
  'POST /sys/sysDepartPermission/saveDeptRolePermission': async (t) => {
    const departId = await newDepart(t);
    await ok(
      post(
        '/sys/permission/saveDepartPermission',
        { departId, permissionIds: 'doc_base_unit', lastpermissionIds: '' },
        t,
      ),
    );
    return {
      body: { roleId: await departRole(t, departId), permissionIds: 'doc_base_unit', lastpermissionIds: '' },
    };
  },
  'POST /sys/sysDepartRole/add': () => ({
    body: { departId: 'dep_it', roleName: '样例部门角色', roleCode: `dr_${uniq()}` },
  }),
  'GET /sys/sysDepartRole/queryDepartUsers': () => ({ query: { departId: 'dep_it' } }),
  'PUT /sys/sysDepartRole/edit': async (t) => ({
    body: { id: await departRole(t), roleName: '样例部门角色（改）', userIds: 'user_li' },
  }),
};

import { beforeAll, describe, expect, it } from 'vitest';
import { adminToken, del, fetchRaw, get, post, put, uniq } from './setup/client';
import { createRole, createUser, docPerms, type TestUser } from './setup/access';

/**
 * Data rules enforced by the server on list, export, detail, edit and delete, combining roles:
 * rules ANDed within a role, roles ORed.
 */
let admin = '';
const UNIT_BUTTONS = ['add', 'edit', 'delete', 'batch_delete', 'export'];

async function rule(permissionId: string, ruleColumn: string, ruleConditions: string, ruleValue: string) {
  const res = await post(
    '/sys/permission/addPermissionRule',
    { permissionId, ruleName: `规则${uniq()}`, ruleColumn, ruleConditions, ruleValue },
    admin,
  );
  expect(res.json.success, res.json.message).toBe(true);
  return res.json.result as string;
}

async function restrictedRole(menu: string, buttons: string[], ruleIds: string[]) {
  const role = await createRole(admin, docPerms(menu, buttons));
  const saved = await post(
    '/sys/role/datarule',
    { permissionId: `doc_${menu}`, roleId: role, dataRuleIds: ruleIds.join(',') },
    admin,
  );
  expect(saved.json.success).toBe(true);
  return role;
}

const addUnit = async (token: string, name: string) => {
  const res = await post('/base/unit/add', { name, code: `U${uniq()}`, unitType: '3', status: '1' }, token);
  expect(res.json.success, res.json.message).toBe(true);
  return res.json.result as string;
};

const unitNames = async (token: string, tag: string) =>
  (await get('/base/unit/list', token, { name: `*${tag}*`, pageSize: 100 })).json.result.records
    .map((r: any) => r.name)
    .sort();

describe('“only rows I created” on the unit list', () => {
  const tag = `DR${uniq()}`;
  let mine: TestUser;
  let adminRow = '';
  let myRow = '';

  beforeAll(async () => {
    admin = await adminToken();
    const own = await rule('doc_base_unit', 'createBy', '=', '#{sys_user_code}');
    const role = await restrictedRole('base_unit', UNIT_BUTTONS, [own]);
    mine = await createUser(admin, { roles: [role], departs: ['dep_it'] });
    adminRow = await addUnit(admin, `${tag}-管理员的`);
    myRow = await addUnit(mine.token, `${tag}-我的`);
  });

  it('the home page counts only the rows the list shows', async () => {
    const { json } = await get('/sys/dashboard/summary', mine.token);
    const units = json.result.modules.find((m: any) => m.code === 'base_unit');
    expect(units.count).toBe(1);
    const listed = await get('/base/unit/list', mine.token);
    expect(listed.json.result.total).toBe(1);
  });

  it('list and detail show only own rows', async () => {
    expect(await unitNames(mine.token, tag)).toEqual([`${tag}-我的`]);
    expect(await unitNames(admin, tag)).toEqual([`${tag}-我的`, `${tag}-管理员的`]);
    expect((await get('/base/unit/queryById', mine.token, { id: myRow })).json.success).toBe(true);
    expect((await get('/base/unit/queryById', mine.token, { id: adminRow })).json).toMatchObject({
      success: false,
      message: '未找到对应数据',
    });
  });

  it('edit and delete of a hidden row answer 未找到对应数据 and change nothing', async () => {
    const edit = await put('/base/unit/edit', { id: adminRow, name: `${tag}-改了` }, mine.token);
    expect(edit.json).toMatchObject({ success: false, message: '未找到对应数据' });
    expect((await del('/base/unit/delete', mine.token, { id: adminRow })).json.message).toBe(
      '未找到对应数据',
    );
    expect(
      (await del('/base/unit/deleteBatch', mine.token, { ids: `${adminRow},${myRow}` })).json.message,
    ).toBe('未找到对应数据');
    expect(await unitNames(admin, tag)).toEqual([`${tag}-我的`, `${tag}-管理员的`]);
    expect((await put('/base/unit/edit', { id: myRow, name: `${tag}-我的2` }, mine.token)).json.success).toBe(
      true,
    );
  });

  it('export carries only own rows', async () => {
    const res = await fetchRaw(
      '/base/unit/exportXls',
      mine.token,
      {},
      { exportType: 'xlsx', name: `*${tag}*` },
    );
    const ExcelJS = (await import('exceljs')).default;
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(await res.arrayBuffer()) as any);
    const texts: string[] = [];
    wb.worksheets[0].eachRow((row) => row.eachCell((c) => texts.push(String(c.value))));
    expect(texts.some((t) => t.startsWith(`${tag}-我的`))).toBe(true);
    expect(texts.some((t) => t.includes('管理员的'))).toBe(false);
  });

  it('a second, unrestricted role lifts the restriction (roles OR together)', async () => {
    const open = await createRole(admin, docPerms('base_unit'));
    const both = await createUser(admin, {
      roles: [open, (await get('/sys/user/queryUserRole', admin, { userid: mine.id })).json.result[0]],
    });
    expect(await unitNames(both.token, tag)).toHaveLength(2);
  });

  it('two restricted roles see the union of their rows', async () => {
    const other = `${tag}-其他`;
    await addUnit(admin, other);
    const byName = await rule('doc_base_unit', 'name', 'LIKE', '其他');
    const roleA = (await get('/sys/user/queryUserRole', admin, { userid: mine.id })).json.result[0];
    const roleB = await restrictedRole('base_unit', [], [byName]);
    const u = await createUser(admin, { roles: [roleA, roleB] });
    await addUnit(admin, `${tag}-再一个`);
    // roleA: created by u (nothing); roleB: name contains 其他
    expect(await unitNames(u.token, tag)).toEqual([other]);
  });

  it('rules within one role AND together', async () => {
    const a = await rule('doc_base_unit', 'name', 'RIGHT_LIKE', tag);
    const b = await rule('doc_base_unit', 'name', 'LEFT_LIKE', '管理员的');
    const role = await restrictedRole('base_unit', [], [a, b]);
    const u = await createUser(admin, { roles: [role] });
    expect(await unitNames(u.token, tag)).toEqual([`${tag}-管理员的`]);
  });

  it('a user none of whose roles holds the menu sees nothing, even with the export button', async () => {
    const role = await createRole(admin, ['doc_base_unit_export']);
    const u = await createUser(admin, { roles: [role] });
    const res = await fetchRaw('/base/unit/exportXls', u.token, {}, { exportType: 'xlsx', name: `*${tag}*` });
    const ExcelJS = (await import('exceljs')).default;
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(await res.arrayBuffer()) as any);
    expect(wb.worksheets[0].rowCount).toBe(3); // title, exporter, header: no data
  });
});

describe('system variables are bound values', () => {
  beforeAll(async () => {
    admin = await adminToken();
  });

  it('#{sys_org_code} follows the department switch; only held departments and positions', async () => {
    const tag = `ORG${uniq()}`;
    const below = await rule('doc_base_position', 'sysOrgCode', 'RIGHT_LIKE', '#{sys_org_code}');
    const role = await restrictedRole('base_position', ['add'], [below]);
    const u = await createUser(admin, {
      roles: [role],
      departs: ['dep_collection', 'dep_it'],
      extra: { post: 'keeper' },
    });
    const switchTo = (selectDepartId: string, selectPositionId = '') =>
      post('/sys/selectDepart', { username: u.username, selectDepartId, selectPositionId }, u.token);
    const keeper = (await get('/sys/position/list', admin, { code: 'keeper' })).json.result.records[0].id;
    const curator = (await get('/sys/position/list', admin, { code: 'curator' })).json.result.records[0].id;

    const first = await switchTo('dep_collection', keeper);
    expect(first.json.success).toBe(true);
    expect(first.json.result.userInfo).toMatchObject({ orgCode: 'A01A02', selectDepartId: 'dep_collection' });
    expect(first.json.result.userInfo).not.toHaveProperty('password');
    const add = (name: string) =>
      post('/base/position/add', { name, code: `W${uniq()}`, postRank: '1', status: '1' }, u.token);
    expect((await add(`${tag}-藏品部的`)).json.success).toBe(true);
    await switchTo('dep_it', keeper);
    expect((await add(`${tag}-数字化部的`)).json.success).toBe(true);
    const names = async () =>
      (await get('/base/position/list', u.token, { name: `*${tag}*` })).json.result.records.map(
        (r: any) => r.name,
      );
    expect(await names()).toEqual([`${tag}-数字化部的`]);
    await switchTo('dep_collection', keeper);
    expect(await names()).toEqual([`${tag}-藏品部的`]);

    // CVE-2026-9580: not to a department, a position or an account that is not one's own
    expect((await switchTo('dep_director')).json.message).toBe('只能切换到本人所属的部门');
    expect((await switchTo('dep_it', curator)).json.message).toBe('只能选择本人担任的职务');
    const other = await post('/sys/selectDepart', { username: 'admin', selectDepartId: 'dep_it' }, u.token);
    expect(other.json.message).toBe('只能切换本人的部门');
    expect((await put('/sys/selectDepart', { orgCode: 'A01A01' }, u.token)).json.success).toBe(false);
    const alias = await put('/sys/selectDepart', { orgCode: 'A01A03' }, u.token);
    expect(alias.json.result.userInfo.orgCode).toBe('A01A03');
    expect(await names()).toEqual([`${tag}-数字化部的`]);
  });

  it('#{sys_multi_org_code} with IN, and an injected rule value stays a value', async () => {
    const tag = `MULTI${uniq()}`;
    const mine = await rule('doc_base_position', 'sysOrgCode', 'IN', '#{sys_multi_org_code}');
    const role = await restrictedRole('base_position', ['add'], [mine]);
    const u = await createUser(admin, { roles: [role], departs: ['dep_director', 'dep_design'] });
    await post('/sys/selectDepart', { selectDepartId: 'dep_design' }, u.token);
    await post(
      '/base/position/add',
      { name: `${tag}-设计组`, code: `W${uniq()}`, postRank: '1', status: '1' },
      u.token,
    );
    await post(
      '/base/position/add',
      { name: `${tag}-管理员`, code: `W${uniq()}`, postRank: '1', status: '1' },
      admin,
    );
    const list = await get('/base/position/list', u.token, { name: `*${tag}*` });
    expect(list.json.result.records.map((r: any) => r.name)).toEqual([`${tag}-设计组`]);

    const inj = await rule('doc_base_position', 'createBy', '=', "' or '1'='1");
    const r2 = await restrictedRole('base_position', [], [inj]);
    const v = await createUser(admin, { roles: [r2] });
    expect((await get('/base/position/list', v.token)).json.result.total).toBe(0);
  });

  it('applies to system documents too: the user list', async () => {
    const rid = await rule('doc_sys_user', 'createBy', '=', '#{sys_user_code}');
    const role = await restrictedRole('sys_user', ['add'], [rid]);
    const u = await createUser(admin, { roles: [role] });
    const made = await post('/sys/user/add', { username: `own_${uniq()}`, realname: '自己建的' }, u.token);
    expect(made.json.success).toBe(true);
    const list = await get('/sys/user/list', u.token, { pageSize: 100 });
    expect(list.json.result.records.map((r: any) => r.realname)).toEqual(['自己建的']);
    expect((await get('/sys/user/queryById', u.token, { id: 'user_admin' })).json.message).toBe(
      '未找到对应数据',
    );
  });

  it('the demo planner role sees products of its department and below', async () => {
    const planner = await createUser(admin, { roles: ['role_production'], departs: ['dep_factory'] });
    await post('/sys/selectDepart', { selectDepartId: 'dep_factory' }, planner.token);
    const p = await get('/pro/product/list', planner.token);
    expect(p.json.result.total).toBe(0); // the demo products belong to 数字化部 (A01A03)
    const it2 = await createUser(admin, { roles: ['role_production'], departs: ['dep_it'] });
    expect((await get('/pro/product/list', it2.token)).json.result.total).toBeGreaterThan(0);
  });
});

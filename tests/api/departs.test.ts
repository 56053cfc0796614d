import { beforeAll, describe, expect, it } from 'vitest';
import { adminToken, call, del, get, login, post, put, uniq } from './setup/client';
import { createRole, createUser, docPerms, PASSWORD } from './setup/access';

let admin = '';
beforeAll(async () => {
  admin = await adminToken();
});

const addDepart = async (departName: string, parentId?: string) => {
  const res = await post('/sys/sysDepart/add', { departName, parentId }, admin);
  expect(res.json.success, res.json.message).toBe(true);
  return (await get('/sys/sysDepart/queryById', admin, { id: res.json.result })).json.result;
};

describe('department tree', () => {
  it('never hands out a code again, even after its department was deleted', async () => {
    const root = await addDepart(`分馆${uniq()}`);
    const a = await addDepart('一部', root.id);
    const b = await addDepart('二部', root.id);
    expect(b.orgCode).toBe(`${root.orgCode}A02`);
    expect((await del('/sys/sysDepart/delete', admin, { id: b.id })).json.success).toBe(true);
    // rows written by 二部 keep A02; a new department must not inherit them
    const c = await addDepart('三部', root.id);
    expect(c.orgCode).toBe(`${root.orgCode}A03`);
    expect(a.orgCode).toBe(`${root.orgCode}A01`);
  });

  it('generates org codes 3 characters a level', async () => {
    const root = await addDepart(`分馆${uniq()}`);
    expect(root.orgCode).toMatch(/^[A-Z]\d{2}$/);
    expect(root).toMatchObject({ orgType: '1', orgCategory: '1', parentId: '0' });
    const a = await addDepart('一部', root.id);
    const b = await addDepart('二部', root.id);
    const a1 = await addDepart('一组', a.id);
    expect(a.orgCode).toBe(`${root.orgCode}A01`);
    expect(b.orgCode).toBe(`${root.orgCode}A02`);
    expect(a1).toMatchObject({ orgCode: `${root.orgCode}A01A01`, orgType: '3', orgCategory: '2' });
    expect((await get('/sys/sysDepart/queryById', admin, { id: root.id })).json.result.hasChild).toBe('1');
    // the code is the server's: a typed one is ignored, a move is refused
    const typed = await post(
      '/sys/sysDepart/add',
      { departName: '自定', parentId: root.id, orgCode: 'Z99' },
      admin,
    );
    expect(
      (await get('/sys/sysDepart/queryById', admin, { id: typed.json.result })).json.result.orgCode,
    ).toBe(`${root.orgCode}A03`);
    const move = await put('/sys/sysDepart/edit', { id: a1.id, parentId: b.id, departName: '一组' }, admin);
    expect(move.json).toMatchObject({ success: false, message: '不能修改上级部门' });
    expect(
      (await put('/sys/sysDepart/edit', { id: a1.id, departName: '一组（改）' }, admin)).json.success,
    ).toBe(true);
  });

  it('serves the tree calls: queryTreeList, queryDepartTreeSync, queryIdTree, getDepartTree, searchBy', async () => {
    const full = (await get('/sys/sysDepart/queryTreeList', admin)).json.result;
    const museum = full.find((n: any) => n.orgCode === 'A01');
    expect(museum).toMatchObject({
      key: 'dep_museum',
      value: 'dep_museum',
      title: '数字博物馆',
      isLeaf: false,
    });
    expect(museum.children.map((c: any) => c.title)).toEqual(['馆长办公室', '藏品部', '数字化部', '展览部']);
    const sub = (await get('/sys/sysDepart/queryTreeList', admin, { ids: 'dep_collection' })).json.result;
    expect(sub).toHaveLength(1);
    expect(sub[0].children.map((c: any) => c.title)).toEqual(['藏品保管组', '文物修复室']);

    const roots = (await get('/sys/sysDepart/queryDepartTreeSync', admin)).json.result;
    expect(roots.map((r: any) => r.orgCode)).toEqual(expect.arrayContaining(['A01', 'A02']));
    const level = (await get('/sys/sysDepart/queryDepartTreeSync', admin, { pid: 'dep_it' })).json.result;
    expect(level.map((r: any) => [r.title, r.isLeaf])).toEqual([
      ['数字采集组', true],
      ['信息系统组', true],
    ]);
    const echo = (await get('/sys/sysDepart/queryDepartTreeSync', admin, { ids: 'dep_it,dep_design' })).json
      .result;
    expect(echo.map((r: any) => r.title).sort()).toEqual(['数字化部', '陈列设计组']);

    const ids = (await get('/sys/sysDepart/queryIdTree', admin)).json.result;
    expect(Object.keys(ids.find((n: any) => n.key === 'dep_museum')).sort()).toEqual([
      'children',
      'key',
      'title',
      'value',
    ]);
    const base = (await get('/base/depart/getDepartTree', admin)).json.result;
    expect(base.find((n: any) => n.key === 'dep_factory')).toMatchObject({
      departName: '文创生产中心',
      orgCode: 'A02',
    });

    const found = await get('/sys/sysDepart/searchBy', admin, { keyWord: '修复' });
    expect(found.json.result.map((r: any) => r.departName)).toEqual(['文物修复室']);
    expect((await get('/sys/sysDepart/searchBy', admin, { keyWord: 'no such' })).json).toMatchObject({
      success: false,
      message: '未查询匹配数据！',
    });
    expect((await get('/sys/sysDepart/searchBy', admin, { keyWord: "%' or 1=1 --" })).json.success).toBe(
      false,
    );
  });

  it('the list’s tree call getTree answers one level under pid, as 部门管理 expands a node', async () => {
    const level = (await get('/sys/sysDepart/getTree', admin, { pid: 'dep_museum' })).json.result.records;
    expect(level.map((r: any) => r.departName).sort()).toEqual(
      ['展览部', '数字化部', '藏品部', '馆长办公室'].sort(),
    );
    expect(level.find((r: any) => r.id === 'dep_it')).toMatchObject({ key: 'dep_it', isLeaf: false });
    expect(level.find((r: any) => r.id === 'dep_director')).toMatchObject({ isLeaf: true });
  });

  it('deletes a department with its descendants, members, grants and department roles', async () => {
    const root = await addDepart(`待删${uniq()}`);
    const child = await addDepart('下级', root.id);
    const u = await createUser(admin, { departs: [child.id] });
    await post(
      '/sys/permission/saveDepartPermission',
      { departId: child.id, permissionIds: 'doc_base_unit', lastpermissionIds: '' },
      admin,
    );
    const role = await post(
      '/sys/sysDepartRole/add',
      { departId: child.id, roleName: '组长', roleCode: `dr_${uniq()}`, userIds: u.id },
      admin,
    );
    expect(role.json.success, role.json.message).toBe(true);
    expect((await del('/sys/sysDepart/delete', admin, { id: root.id })).json.success).toBe(true);
    expect((await get('/sys/sysDepart/queryById', admin, { id: child.id })).json.message).toBe(
      '未找到对应数据',
    );
    expect((await get('/sys/user/queryById', admin, { id: u.id })).json.result).toMatchObject({
      selecteddeparts: '',
      orgCodeTxt: '',
    });
    expect(
      (await get('/sys/permission/queryDepartPermission', admin, { departId: child.id })).json.result,
    ).toEqual([]);
    expect((await get('/sys/sysDepartRole/queryById', admin, { id: role.json.result })).json.success).toBe(
      false,
    );
    // the parent of a deleted leaf becomes a leaf again
    const p = await addDepart(`父${uniq()}`);
    const c = await addDepart('子', p.id);
    await del('/sys/sysDepart/deleteBatch', admin, { ids: c.id });
    expect((await get('/sys/sysDepart/queryById', admin, { id: p.id })).json.result.hasChild).toBe('0');
  });
});

describe('department permissions and department roles', () => {
  it('a department role grants only what its department holds, and only to members of the department', async () => {
    const dep = await addDepart(`部门角色${uniq()}`, 'dep_museum');
    const member = await createUser(admin, { departs: [dep.id] });
    const outsider = await createUser(admin, { departs: ['dep_it'] });
    await post(
      '/sys/permission/saveDepartPermission',
      {
        departId: dep.id,
        permissionIds: [...docPerms('base_area', ['export']), 'grp_base'].join(','),
        lastpermissionIds: '',
      },
      admin,
    );
    expect(
      (await get('/sys/permission/queryDepartPermission', admin, { departId: dep.id })).json.result.sort(),
    ).toEqual(['doc_base_area', 'doc_base_area_export', 'grp_base'].sort());
    const tree = (await get('/sys/sysDepartPermission/queryTreeListForDeptRole', admin, { departId: dep.id }))
      .json.result;
    expect(tree.ids.sort()).toEqual(['doc_base_area', 'doc_base_area_export', 'grp_base'].sort());

    const bad = await post(
      '/sys/sysDepartRole/add',
      { departId: dep.id, roleName: '外人', roleCode: `dr_${uniq()}`, userIds: outsider.id },
      admin,
    );
    expect(bad.json.message).toBe('部门角色的成员必须属于该部门');
    const role = await post(
      '/sys/sysDepartRole/add',
      { departId: dep.id, roleName: '资料员', roleCode: `dr_${uniq()}`, userIds: member.id },
      admin,
    );
    const roleId = role.json.result;
    expect(
      (await get('/sys/sysDepartRole/list', admin, { departId: dep.id })).json.result.records[0],
    ).toMatchObject({
      id: roleId,
      userIds: member.id,
    });

    const outside = await post(
      '/sys/sysDepartPermission/saveDeptRolePermission',
      { roleId, permissionIds: 'doc_base_unit', lastpermissionIds: '' },
      admin,
    );
    expect(outside.json.message).toBe('只能授予部门已拥有的权限');
    await post(
      '/sys/sysDepartPermission/saveDeptRolePermission',
      { roleId, permissionIds: 'grp_base,doc_base_area', lastpermissionIds: '' },
      admin,
    );
    expect(
      (await get('/sys/sysDepartPermission/queryDeptRolePermission', admin, { roleId })).json.result.sort(),
    ).toEqual(['doc_base_area', 'grp_base']);
    expect((await get('/base/area/list', member.token)).json.success).toBe(true);
    const menu = (await get('/sys/permission/getUserPermissionByToken', member.token)).json.result.menu;
    expect(menu.map((m: any) => m.meta.title)).toContain('基础数据');

    // taking the permission from the department takes it from its roles at once
    await post(
      '/sys/permission/saveDepartPermission',
      {
        departId: dep.id,
        permissionIds: 'grp_base',
        lastpermissionIds: 'doc_base_area,doc_base_area_export,grp_base',
      },
      admin,
    );
    expect((await get('/base/area/list', member.token)).json.code).toBe(510);
  });

  it('queryDepartUsers offers the users of the department itself, to those who may change members', async () => {
    const dep = await addDepart(`成员${uniq()}`, 'dep_museum');
    const sub = await addDepart('下级组', dep.id);
    const member = await createUser(admin, { departs: [dep.id, 'dep_it'] });
    const inSub = await createUser(admin, { departs: [sub.id] });
    const users = (await get('/sys/sysDepartRole/queryDepartUsers', admin, { departId: dep.id })).json.result;
    expect(users).toEqual([{ id: member.id, username: member.username, realname: `测试${member.username}` }]);

    // a user of a sub-department is not offered, and the server refuses it as a member as well
    const role = await post(
      '/sys/sysDepartRole/add',
      { departId: dep.id, roleName: '成员', roleCode: `dr_${uniq()}` },
      admin,
    );
    const roleId = role.json.result;
    const refused = await put('/sys/sysDepartRole/edit', { id: roleId, userIds: inSub.id }, admin);
    expect(refused.json.message).toBe('部门角色的成员必须属于该部门');
    // members are set alone (the 分配用户 dialog sends only them)
    expect(
      (await put('/sys/sysDepartRole/edit', { id: roleId, userIds: member.id }, admin)).json.success,
    ).toBe(true);
    expect((await get('/sys/sysDepartRole/queryById', admin, { id: roleId })).json.result).toMatchObject({
      roleName: '成员',
      userIds: member.id,
    });

    expect(
      (await get('/sys/sysDepartRole/queryDepartUsers', member.token, { departId: dep.id })).json.code,
    ).toBe(510);
    const editor = await createUser(admin, {
      roles: [await createRole(admin, docPerms('sys_depart_role', ['edit']))],
    });
    expect(
      (await get('/sys/sysDepartRole/queryDepartUsers', editor.token, { departId: dep.id })).json.success,
    ).toBe(true);
  });
});

describe('the user’s own departments and company', () => {
  it('queryMyDeptTreeList answers a leader with its departments, others with message 1', async () => {
    const leader = await createUser(admin, {
      departs: ['dep_exhibition'],
      extra: { userIdentity: 2, departIds: 'dep_exhibition' },
    });
    const mine = await get('/sys/sysDepart/queryMyDeptTreeList', leader.token);
    expect(mine.json.message).toBe('2');
    expect(mine.json.result[0]).toMatchObject({ title: '展览部' });
    expect(mine.json.result[0].children.map((c: any) => c.title)).toEqual(['陈列设计组', '社会教育组']);
    const plain = await createUser(admin);
    expect((await get('/sys/sysDepart/queryMyDeptTreeList', plain.token)).json).toMatchObject({
      message: '1',
      result: null,
    });
    const led = await get('/sys/sysDepart/searchBy', leader.token, { keyWord: '组', myDeptSearch: '1' });
    expect(led.json.code).toBe(510); // searchBy is a picker call: the leader needs system:depart:picker
  });

  it('showOrg gives the current department and its company', async () => {
    const { json } = await get('/base/company/showOrg', admin);
    expect(json.result).toMatchObject({
      orgCompanyId: 'dep_it',
      sysCompanyId: 'dep_museum',
      departName: '数字化部',
      companyName: '数字博物馆',
      orgCode: 'A01A03',
    });
  });
});

describe('positions', () => {
  it('lists positions with the rank text and searches by name', async () => {
    const { json } = await get('/sys/position/list', admin, { name: '*修复*' });
    expect(json.result.records).toEqual([
      expect.objectContaining({ code: 'restorer', name: '文物修复师', rank_dictText: '中级' }),
    ]);
    const add = await post('/sys/position/add', { code: `p_${uniq()}`, name: '摄影师', rank: '2' }, admin);
    expect(add.json.success).toBe(true);
    expect(
      (await post('/sys/position/add', { code: 'restorer', name: '重复', rank: '2' }, admin)).json.message,
    ).toBe('职务编码已存在');
  });
});

describe('tenants', () => {
  it('a user acts only in its own, open tenants; another tenant id answers HTTP 401', async () => {
    const t1 = await post('/sys/tenant/add', { name: `租户${uniq()}`, status: '1' }, admin);
    const t2 = await post('/sys/tenant/add', { name: `租户${uniq()}`, status: '1' }, admin);
    const u = await createUser(admin, { extra: { relTenantIds: t1.json.result } });
    const as = (tenant: string) =>
      call('GET', '/sys/permission/getUserPermissionByToken', {
        token: u.token,
        headers: { 'tenant-id': tenant },
      });
    expect((await as('0')).status).toBe(200);
    expect((await as(t1.json.result)).status).toBe(200);
    const other = await as(t2.json.result);
    expect(other.status).toBe(401);
    expect(other.json).toMatchObject({ success: false, code: 401, message: '用户租户信息变更,请重新登陆!' });
    // a frozen tenant is refused too, and a user whose every tenant is frozen cannot log in
    await put('/sys/tenant/edit', { id: t1.json.result, status: '0' }, admin);
    expect((await as(t1.json.result)).status).toBe(401);
    expect((await post('/sys/login', { username: u.username, password: PASSWORD })).json.message).toBe(
      '与该用户关联的租户均已被冻结，无法登录！',
    );
    await put('/sys/tenant/edit', { id: t1.json.result, status: '1' }, admin);
    expect(await login(u.username, PASSWORD)).toBeTruthy();
  });

  it('#{tenant_id} in a data rule is the request’s tenant', async () => {
    const t = await post('/sys/tenant/add', { name: `规则租户${uniq()}`, status: '1' }, admin);
    const tenantId = t.json.result;
    const rule = await post(
      '/sys/permission/addPermissionRule',
      {
        permissionId: 'doc_sys_tenant',
        ruleName: '本租户',
        ruleColumn: 'id',
        ruleConditions: '=',
        ruleValue: '#{tenant_id}',
      },
      admin,
    );
    const role = await createRole(admin, docPerms('sys_tenant'));
    await post(
      '/sys/role/datarule',
      { permissionId: 'doc_sys_tenant', roleId: role, dataRuleIds: rule.json.result },
      admin,
    );
    const u = await createUser(admin, { roles: [role], extra: { relTenantIds: tenantId } });
    const inTenant = await call('GET', '/sys/tenant/list', {
      token: u.token,
      headers: { 'tenant-id': tenantId },
    });
    expect(inTenant.json.result.records.map((r: any) => r.id)).toEqual([tenantId]);
    const none = await call('GET', '/sys/tenant/list', { token: u.token, headers: { 'tenant-id': '0' } });
    expect(none.json.result.records).toEqual([]);
  });
});

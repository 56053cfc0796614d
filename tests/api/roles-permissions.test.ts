import { beforeAll, describe, expect, it } from 'vitest';
import { adminToken, del, get, post, put, uniq } from './setup/client';
import { createRole, createUser, docPerms } from './setup/access';
import { openSocket, socketUrl } from './setup/socket';

let admin = '';
beforeAll(async () => {
  admin = await adminToken();
});

const menuActions = async (token: string) => {
  const { json } = await get('/sys/permission/getUserPermissionByToken', token);
  const titles: string[] = [];
  const walk = (nodes: any[]) =>
    nodes.forEach((n) => {
      titles.push(n.meta.title);
      walk(n.children ?? []);
    });
  walk(json.result.menu);
  return { titles, auth: json.result.auth.map((a: any) => a.action) as string[] };
};

describe('roles', () => {
  it('adds, edits, searches by role code, lists all and checks codes', async () => {
    const roleCode = `curator_${uniq()}`;
    const add = await post('/sys/role/add', { roleName: '策展人', roleCode, description: '展览策划' }, admin);
    expect(add.json).toMatchObject({ success: true, message: '添加成功！' });
    const id = add.json.result;
    const edit = await put('/sys/role/edit', { id, roleName: '策展人（高级）' }, admin);
    expect(edit.json).toMatchObject({ success: true, message: '编辑成功！' });
    const list = await get('/sys/role/list', admin, { roleCode });
    expect(list.json.result.records).toEqual([expect.objectContaining({ id, roleName: '策展人（高级）' })]);
    const all = await get('/sys/role/queryall', admin);
    expect(all.json.result.map((r: any) => r.roleCode)).toEqual(expect.arrayContaining(['admin', roleCode]));
    expect((await get('/sys/role/checkRoleCode', admin, { roleCode })).json).toMatchObject({
      success: false,
      message: '角色编码已存在',
    });
    expect((await get('/sys/role/checkRoleCode', admin, { roleCode, id })).json.success).toBe(true);
    expect((await post('/sys/role/add', { roleName: 'dup', roleCode }, admin)).json.message).toBe(
      '角色编码已存在',
    );
  });

  it('never deletes the admin role nor renames its code; deleting a role removes its grants', async () => {
    expect((await del('/sys/role/delete', admin, { id: 'role_admin' })).json).toMatchObject({
      success: false,
      message: '管理员角色不能删除',
    });
    expect((await put('/sys/role/edit', { id: 'role_admin', roleCode: 'root' }, admin)).json.success).toBe(
      false,
    );
    const role = await createRole(admin, docPerms('base_unit'));
    const u = await createUser(admin, { roles: [role] });
    expect((await get('/base/unit/list', u.token)).json.success).toBe(true);
    expect((await del('/sys/role/delete', admin, { id: role })).json.success).toBe(true);
    expect((await get('/base/unit/list', u.token)).json.code).toBe(510);
    expect((await get('/sys/user/queryUserRole', admin, { userid: u.id })).json.message).toBe(
      '未找到用户相关角色信息',
    );
  });
});

describe('role permissions', () => {
  it('saves diff-based and the user sees the menus and buttons at the next load, without a new login', async () => {
    const role = await createRole(admin, []);
    const u = await createUser(admin, { roles: [role] });
    expect((await menuActions(u.token)).titles).toEqual(['首页']);
    const first = [...docPerms('base_unit', ['add']), 'grp_base'];
    await post(
      '/sys/permission/saveRolePermission',
      { roleId: role, permissionIds: first.join(','), lastpermissionIds: '' },
      admin,
    );
    expect(
      (await get('/sys/permission/queryRolePermission', admin, { roleId: role })).json.result.sort(),
    ).toEqual(first.sort());
    let seen = await menuActions(u.token);
    expect(seen.titles).toEqual(['首页', '基础数据', '计量单位']);
    expect(seen.auth).toEqual(['base:unit:add']);
    expect(
      (await post('/base/unit/add', { name: `单位${uniq()}`, code: `U${uniq()}`, unitType: '3' }, u.token))
        .json.success,
    ).toBe(true);

    // the diff: add export, drop add; ids the client did not start from are left alone
    const next = [...docPerms('base_unit', ['export']), 'grp_base'];
    await post(
      '/sys/permission/saveRolePermission',
      { roleId: role, permissionIds: next.join(','), lastpermissionIds: first.join(',') },
      admin,
    );
    seen = await menuActions(u.token);
    expect(seen.auth).toEqual(['base:unit:export']);
    expect((await post('/base/unit/add', { name: 'x', code: 'x' }, u.token)).json.code).toBe(510);
    const bad = await post(
      '/sys/permission/saveRolePermission',
      { roleId: role, permissionIds: 'no_such', lastpermissionIds: '' },
      admin,
    );
    expect(bad.json.success).toBe(false);
  });

  it('a grant change is announced on the open consoles’ sockets, so they reload their menus', async () => {
    const role = await createRole(admin, []);
    const u = await createUser(admin, { roles: [role] });
    const socket = await openSocket(socketUrl(u.id, u.token));
    try {
      await post(
        '/sys/permission/saveRolePermission',
        { roleId: role, permissionIds: docPerms('base_unit').join(','), lastpermissionIds: '' },
        admin,
      );
      expect(await socket.nextPermission()).toEqual({ cmd: 'permission' });
    } finally {
      socket.close();
    }
  });
});

describe('menus and buttons', () => {
  it('normalises input, keeps leaf flags, and deletes with descendants, rules and grants', async () => {
    const top = await post(
      '/sys/permission/add',
      { name: `藏品查询${uniq()}`, menuType: 0, url: 'collection', icon: 'search', sortNo: 60 },
      admin,
    );
    expect(top.json).toMatchObject({ success: true, message: '添加成功！' });
    const topId = top.json.result;
    const child = await post(
      '/sys/permission/add',
      {
        name: '藏品列表',
        menuType: 1,
        parentId: topId,
        url: 'collection/list.vue',
        component: '/src/views/collection/CollectionList.vue',
        keepAlive: true,
      },
      admin,
    );
    const childId = child.json.result;
    const button = await post(
      '/sys/permission/add',
      { name: '导出', menuType: 2, parentId: childId, perms: 'collection:export', permsType: '1' },
      admin,
    );
    const tree = (await get('/sys/permission/list', admin)).json.result;
    const topNode = tree.find((n: any) => n.id === topId);
    expect(topNode).toMatchObject({
      url: '/collection',
      component: 'layouts/RouteView',
      isLeaf: false,
      key: topId,
    });
    expect(topNode.children[0]).toMatchObject({
      url: '/collection/list',
      component: 'collection/CollectionList',
      keepAlive: true,
      isLeaf: false,
    });
    expect(topNode.children[0].children[0]).toMatchObject({ perms: 'collection:export', isLeaf: true });

    const sub = await get('/sys/permission/getSystemSubmenu', admin, { parentId: topId });
    expect(sub.json.result.map((n: any) => n.id)).toEqual([childId]);
    const batch = await get('/sys/permission/getSystemSubmenuBatch', admin, {
      parentIds: `${topId},${childId}`,
    });
    expect(Object.keys(batch.json.result)).toEqual([topId, childId]);
    expect(
      (await get('/sys/permission/getSystemMenuList', admin)).json.result.map((n: any) => n.id),
    ).toContain(topId);
    const checkTree = (await get('/sys/permission/queryTreeList', admin)).json.result;
    expect(checkTree.ids).toEqual(expect.arrayContaining([topId, childId, button.json.result]));

    // edit: a rename shows at the next load of a user holding the menu
    const role = await createRole(admin, [topId, childId, button.json.result]);
    const u = await createUser(admin, { roles: [role] });
    await put(
      '/sys/permission/edit',
      { id: childId, name: '藏品总账', menuType: 1, parentId: topId, url: '/collection/list' },
      admin,
    );
    expect((await menuActions(u.token)).titles).toContain('藏品总账');
    expect((await menuActions(u.token)).auth).toEqual(['collection:export']);
    expect(
      (await put('/sys/permission/edit', { id: topId, name: 'loop', menuType: 1, parentId: childId }, admin))
        .json.message,
    ).toBe('上级菜单不能是自己或自己的下级');

    await post(
      '/sys/permission/addPermissionRule',
      {
        permissionId: childId,
        ruleName: '本人',
        ruleColumn: 'createBy',
        ruleConditions: '=',
        ruleValue: '#{sys_user_code}',
      },
      admin,
    );
    const gone = await del('/sys/permission/delete', admin, { id: topId });
    expect(gone.json).toMatchObject({ success: true, message: '删除成功！' });
    const after = (await get('/sys/permission/queryTreeList', admin)).json.result.ids;
    expect(after).not.toContain(childId);
    expect(after).not.toContain(button.json.result);
    expect((await get('/sys/permission/queryRolePermission', admin, { roleId: role })).json.result).toEqual(
      [],
    );
    expect(
      (await get('/sys/permission/getPermRuleListByPermId', admin, { permissionId: childId })).json.result,
    ).toEqual([]);
    expect((await menuActions(u.token)).auth).toEqual([]);
  });

  it('shows a top-level page without child menus, but not an empty group', async () => {
    const page = await post(
      '/sys/permission/add',
      {
        name: `单位速查${uniq()}`,
        menuType: 0,
        url: '/online/cgformList/base_unit',
        component: 'modules/online/cgform/auto/OnlCgformAutoList',
      },
      admin,
    );
    // a button under it does not make it a group
    await post(
      '/sys/permission/add',
      { name: '导出', menuType: 2, parentId: page.json.result, perms: `quick:${uniq()}:export` },
      admin,
    );
    const group = await post(
      '/sys/permission/add',
      { name: `空分组${uniq()}`, menuType: 0, url: '/empty' },
      admin,
    );
    const roots = (await get('/sys/permission/getUserPermissionByToken', admin)).json.result.menu.map(
      (m: any) => m.id,
    );
    expect(roots).toContain(page.json.result);
    expect(roots).not.toContain(group.json.result);
    await del('/sys/permission/deleteBatch', admin, { ids: `${page.json.result},${group.json.result}` });
  });

  it('refuses bad menus', async () => {
    for (const body of [
      { menuType: 0 },
      { name: 'x', menuType: 5 },
      { name: 'x', menuType: 1 },
      { name: 'x', menuType: 1, parentId: 'no_such' },
      { name: 'x', menuType: 2, parentId: 'grp_base', perms: "a' or 1=1" },
    ])
      expect((await post('/sys/permission/add', body, admin)).json.success, JSON.stringify(body)).toBe(false);
    expect((await put('/sys/permission/edit', { id: 'no_such', name: 'x' }, admin)).json.message).toBe(
      '未找到对应实体',
    );
  });

  it('puts a route permission code under the menu of its prefix, named after the route', async () => {
    const list = (await get('/sys/permission/getSystemSubmenu', admin, { parentId: 'doc_sys_user' })).json
      .result;
    expect(list.find((b: any) => b.perms === 'system:user:frozen')).toMatchObject({
      menuType: 2,
      name: '冻结',
    });
    const screen = (await get('/sys/permission/getSystemSubmenu', admin, { parentId: 'grp_system' })).json
      .result;
    expect(screen.find((m: any) => m.id === 'scr_permission')).toMatchObject({
      name: '菜单管理',
      perms: 'system:permission:list',
      component: 'system/PermissionList',
    });
  });
});

describe('data rule definitions', () => {
  it('adds, lists, edits, queries and deletes rules on a menu; refuses SQL and unknown names', async () => {
    const menu = 'doc_base_unit';
    const add = await post(
      '/sys/permission/addPermissionRule',
      {
        permissionId: menu,
        ruleName: `本人创建${uniq()}`,
        ruleColumn: 'createBy',
        ruleConditions: '=',
        ruleValue: '#{sys_user_code}',
      },
      admin,
    );
    expect(add.json).toMatchObject({ success: true, message: '添加成功！' });
    const ruleId = add.json.result;
    const list = await get('/sys/permission/getPermRuleListByPermId', admin, { permissionId: menu });
    expect(list.json.result[0]).toMatchObject({
      id: ruleId,
      ruleColumn: 'createBy',
      ruleValue: '#{sys_user_code}',
    });
    const tree = (await get('/sys/role/queryTreeList', admin)).json.result.treeList;
    const base = tree.find((n: any) => n.key === 'grp_base');
    expect(base.children.find((n: any) => n.key === menu).ruleFlag).toBe(1);
    expect(
      (
        await put(
          '/sys/permission/editPermissionRule',
          { id: ruleId, ruleName: '本人', ruleColumn: 'createBy', ruleConditions: 'LIKE', ruleValue: 'adm' },
          admin,
        )
      ).json,
    ).toMatchObject({ success: true, message: '修改成功！' });
    const q = await get('/sys/permission/queryPermissionRule', admin, {
      permissionId: menu,
      ruleConditions: 'LIKE',
    });
    expect(q.json.result.map((r: any) => r.id)).toContain(ruleId);

    for (const [body, message] of [
      [
        {
          ruleColumn: 'createBy',
          ruleConditions: 'USE_SQL_RULES',
          ruleValue: "create_by='#{sys_user_code}'",
        },
        /USE_SQL_RULES/,
      ],
      [{ ruleColumn: 'password', ruleConditions: '=', ruleValue: 'x' }, /不是该文档的字段/],
      [{ ruleColumn: 'createBy', ruleConditions: '=', ruleValue: '#{sys_password}' }, /未知的系统变量/],
      [{ ruleColumn: 'createBy', ruleConditions: 'BETWEEN', ruleValue: 'x' }, /不支持的条件/],
      [{ ruleColumn: 'create_by; drop table x', ruleConditions: '=', ruleValue: 'x' }, /格式不正确/],
    ] as const) {
      const res = await post(
        '/sys/permission/addPermissionRule',
        { permissionId: menu, ruleName: 'bad', ...body },
        admin,
      );
      expect(res.json.success).toBe(false);
      expect(res.json.message).toMatch(message);
    }
    expect((await del('/sys/permission/deletePermissionRule', admin, { id: ruleId })).json.success).toBe(
      true,
    );
    expect(
      (await get('/sys/permission/getPermRuleListByPermId', admin, { permissionId: menu })).json.result.map(
        (r: any) => r.id,
      ),
    ).not.toContain(ruleId);
  });

  it('role data rules: read and save per menu, only after the role holds the menu', async () => {
    const role = await createRole(admin, []);
    const rule = await post(
      '/sys/permission/addPermissionRule',
      {
        permissionId: 'doc_base_area',
        ruleName: '本人',
        ruleColumn: 'createBy',
        ruleConditions: '=',
        ruleValue: '#{sys_user_code}',
      },
      admin,
    );
    const early = await post(
      '/sys/role/datarule',
      { permissionId: 'doc_base_area', roleId: role, dataRuleIds: rule.json.result },
      admin,
    );
    expect(early.json.message).toBe('请先保存角色菜单权限!');
    await post(
      '/sys/permission/saveRolePermission',
      { roleId: role, permissionIds: 'doc_base_area', lastpermissionIds: '' },
      admin,
    );
    const saved = await post(
      '/sys/role/datarule',
      { permissionId: 'doc_base_area', roleId: role, dataRuleIds: rule.json.result },
      admin,
    );
    expect(saved.json.success).toBe(true);
    const read = await get(`/sys/role/datarule/doc_base_area/${role}`, admin);
    expect(read.json.result.drChecked).toBe(rule.json.result);
    expect(read.json.result.datarule.map((r: any) => r.id)).toContain(rule.json.result);
    expect((await get(`/sys/role/datarule/grp_base/${role}`, admin)).json.message).toBe('未找到权限配置信息');
    const foreign = await post(
      '/sys/role/datarule',
      { permissionId: 'doc_base_area', roleId: role, dataRuleIds: 'rule_demo_my_department' },
      admin,
    );
    expect(foreign.json.message).toBe('所选数据规则不属于该菜单');
    await del('/sys/permission/deletePermissionRule', admin, { id: rule.json.result });
  });
});

describe('no escalation through grants', () => {
  it('a role authoriser grants only what it holds and never to its own roles', async () => {
    const own = await createRole(admin, [
      ...docPerms('sys_role'),
      'perm_system_role_authorize',
      ...docPerms('base_unit'),
    ]);
    const authoriser = await createUser(admin, { roles: [own] });
    const target = await createRole(admin, []);
    const save = (roleId: string, ids: string[]) =>
      post(
        '/sys/permission/saveRolePermission',
        { roleId, permissionIds: ids.join(','), lastpermissionIds: '' },
        authoriser.token,
      );
    expect((await save(target, docPerms('sys_user'))).json.message).toBe('不能授予自己没有的权限');
    expect((await save(target, docPerms('base_unit'))).json.success).toBe(true);
    expect((await save(own, docPerms('base_unit', ['add']))).json.message).toBe('不能修改自己所属角色的授权');
    expect(
      (
        await post(
          '/sys/role/datarule',
          { permissionId: 'doc_base_unit', roleId: own, dataRuleIds: '' },
          authoriser.token,
        )
      ).json.message,
    ).toBe('不能修改自己所属角色的授权');
  });
});

import { describe, expect, it } from 'vitest';
import {
  branchIds,
  fieldsOf,
  formValuesOf,
  parentOptions,
  pathTo,
  payloadOf,
  PERMS_PATTERN,
  subtreeIds,
  type PermissionNode,
} from '../../renderers/system/access/permission-model';
import {
  documentOfMenu,
  RULE_COLUMN_PATTERN,
  ruleFormValuesOf,
  rulePayloadOf,
  VARIABLE_HINTS,
} from '../../renderers/system/access/data-rule-model';
import { SYSTEM_VARIABLES } from '../../src/core/data-rule-variables';

/** a small tree as GET /sys/permission/list answers it */
const button: PermissionNode = {
  id: 'b1',
  parentId: 'm1',
  name: '添加',
  menuType: 2,
  perms: 'base:unit:add',
  permsType: '1',
  status: '1',
};
const child: PermissionNode = {
  id: 'm1',
  parentId: 'g1',
  name: '计量单位',
  menuType: 1,
  url: '/online/cgformList/base_unit',
  component: 'modules/online/cgform/auto/OnlCgformAutoList',
  componentName: 'base_unit',
  perms: 'base:unit:list',
  sortNo: '10.00',
  isRoute: true,
  keepAlive: false,
  children: [button],
};
const group: PermissionNode = {
  id: 'g1',
  name: '基础数据',
  menuType: 0,
  url: '/base',
  component: 'layouts/RouteView',
  children: [child],
};
const home: PermissionNode = { id: 'h', name: '首页', menuType: 0, url: '/dashboard/analysis' };
const tree = [home, group];

describe('菜单管理 form fields by menu type', () => {
  it('a 一级菜单 has no parent but a redirect; a 子菜单 needs a parent and has no redirect', () => {
    expect(fieldsOf('0')).not.toContain('parentId');
    expect(fieldsOf('0')).toContain('redirect');
    expect(fieldsOf('1')).toContain('parentId');
    expect(fieldsOf('1')).not.toContain('redirect');
    for (const f of [
      'url',
      'component',
      'icon',
      'sortNo',
      'route',
      'hidden',
      'keepAlive',
      'alwaysShow',
    ] as const)
      expect(fieldsOf('1')).toContain(f);
  });

  it('a button has its name, parent, code, strategy and status, and none of the route settings', () => {
    expect([...fieldsOf('2')].sort()).toEqual(['name', 'parentId', 'perms', 'permsType', 'status'].sort());
  });

  it('accepts permission codes the server accepts and refuses others', () => {
    expect(PERMS_PATTERN.test('system:user:add')).toBe(true);
    expect(PERMS_PATTERN.test('a:b,c:d')).toBe(true);
    expect(PERMS_PATTERN.test("a' or 1=1")).toBe(false);
  });
});

describe('菜单管理 values and request bodies', () => {
  it('a new entry is a 一级菜单, or a 子菜单 under the row of 添加下级', () => {
    expect(formValuesOf()).toMatchObject({ menuType: '0', parentId: undefined, route: true, status: '1' });
    expect(formValuesOf(undefined, group)).toMatchObject({ menuType: '1', parentId: 'g1' });
  });

  it('an edited node gives its values, with the sort as a number', () => {
    expect(formValuesOf(child)).toMatchObject({
      menuType: '1',
      parentId: 'g1',
      sortNo: 10,
      route: true,
      keepAlive: false,
      componentName: 'base_unit',
    });
    expect(formValuesOf(button)).toMatchObject({ menuType: '2', perms: 'base:unit:add', permsType: '1' });
  });

  it('a new 一级菜单 sends only its own fields, trimmed, without a parent', () => {
    const body = payloadOf({ ...formValuesOf(), name: ' 速查 ', url: '/quick', parentId: 'stale' });
    expect(body).toMatchObject({ menuType: '0', name: '速查', url: '/quick' });
    expect(body).not.toHaveProperty('parentId');
    expect(body).not.toHaveProperty('perms');
    expect(body).not.toHaveProperty('id');
  });

  it('an edit keeps what the form does not show (a document menu keeps its componentName and code)', () => {
    const body = payloadOf({ ...formValuesOf(child), name: '单位' }, child);
    expect(body).toMatchObject({
      id: 'm1',
      name: '单位',
      menuType: '1',
      parentId: 'g1',
      componentName: 'base_unit',
      perms: 'base:unit:list',
    });
  });

  it('a button sends its code and parent', () => {
    const body = payloadOf({
      ...formValuesOf(undefined, child),
      menuType: '2',
      name: '导出',
      perms: 'x:export',
    });
    expect(body).toMatchObject({
      menuType: '2',
      name: '导出',
      parentId: 'm1',
      perms: 'x:export',
      status: '1',
    });
    expect(body).not.toHaveProperty('url');
  });
});

describe('菜单管理 tree helpers', () => {
  it('lists the branches for 全部展开, and the path to a node', () => {
    expect(branchIds(tree)).toEqual(['g1', 'm1']);
    expect(pathTo(tree, 'm1')).toEqual(['g1', 'm1']);
    expect(pathTo(tree, 'nope')).toEqual([]);
    expect(subtreeIds(group)).toEqual(['g1', 'm1', 'b1']);
  });

  it('offers menus as parents, never buttons, nor the edited node and what is below it', () => {
    expect(parentOptions(tree)).toEqual([
      { value: 'h', title: '首页' },
      { value: 'g1', title: '基础数据', children: [{ value: 'm1', title: '计量单位' }] },
    ]);
    expect(parentOptions(tree, 'g1')).toEqual([{ value: 'h', title: '首页' }]);
  });
});

describe('数据规则 form', () => {
  it('starts a new rule with = and 有效, and sends the menu or the rule id', () => {
    const values = {
      ...ruleFormValuesOf(),
      ruleName: ' 本人 ',
      ruleColumn: 'createBy',
      ruleValue: '#{sys_user_code}',
    };
    expect(values).toMatchObject({ ruleConditions: '=', status: '1' });
    expect(rulePayloadOf(values, { permissionId: 'm1' })).toEqual({
      permissionId: 'm1',
      ruleName: '本人',
      ruleColumn: 'createBy',
      ruleConditions: '=',
      ruleValue: '#{sys_user_code}',
      status: '1',
    });
    expect(rulePayloadOf(values, { id: 'r1' })).toHaveProperty('id', 'r1');
  });

  it('checks rule columns as the server does and names the document of a document menu', () => {
    expect(RULE_COLUMN_PATTERN.test('createBy')).toBe(true);
    expect(RULE_COLUMN_PATTERN.test('create_by')).toBe(true);
    expect(RULE_COLUMN_PATTERN.test('1=1 or')).toBe(false);
    expect(documentOfMenu('doc_base_unit')).toBe('base_unit');
    expect(documentOfMenu('scr_permission')).toBeNull();
  });

  it('hints only variables the server knows', () => {
    for (const [name] of VARIABLE_HINTS) expect(SYSTEM_VARIABLES).toContain(name);
  });
});

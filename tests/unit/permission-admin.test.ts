import { describe, expect, it } from 'vitest';
import { SYSTEM_VARIABLES } from '../../src/core/data-rule-variables';
import permissionDoc from '../../schemas/system/permission.json';
import ruleDoc from '../../schemas/system/permission-data-rule.json';
import { fieldState, holds } from '../../src/core/document/conditions';
import type { EntityDocument } from '../../src/core/document/types';
import { validateField } from '../../src/core/validation/validate';

const doc = permissionDoc as unknown as EntityDocument;
const field = (key: string) => doc.fields.find((f) => f.key === key)!;
/** the fields the form shows for a menu type (schemas/system/permission.json's when rules) */
const shown = (menuType: string) =>
  doc.fields.filter((f) => f.form !== false && !fieldState(f, { menuType }).hidden).map((f) => f.key);
/** what the form (and a server running the document's rules) says of a value, for a menu type */
const check = (key: string, value: unknown, menuType: string) =>
  validateField(field(key), value, undefined, { menuType, [key]: value });

describe('菜单管理 form fields by menu type', () => {
  it('a 一级菜单 has no parent but a redirect; a 子菜单 needs a parent and has no redirect', () => {
    expect(shown('0')).not.toContain('parentId');
    expect(shown('0')).toContain('redirect');
    expect(shown('1')).toContain('parentId');
    expect(shown('1')).not.toContain('redirect');
    for (const f of ['url', 'component', 'icon', 'sortNo', 'route', 'hidden', 'keepAlive', 'alwaysShow'])
      expect(shown('1')).toContain(f);
  });

  it('a button has its name, parent, code, strategy and status, and none of the route settings', () => {
    expect(shown('2').sort()).toEqual(
      ['menuType', 'name', 'parentId', 'perms', 'permsType', 'status', 'description'].sort(),
    );
  });

  it('names and requires what each type needs, with the messages of the bespoke form', () => {
    expect(check('name', '', '0')).toBe('请输入菜单名称');
    expect(check('name', '', '2')).toBe('请输入按钮/权限名称');
    expect(check('name', 'x'.repeat(256), '0')).toBe('名称最多 255 个字符');
    expect(check('url', '', '0')).toBe('请输入菜单路径');
    expect(check('url', '', '2')).toBeNull();
    expect(check('parentId', '', '1')).toBe('请选择上级菜单');
    expect(check('parentId', '', '0')).toBeNull();
    // a 一级菜单 without a component is a group (the server gives it layouts/RouteView)
    expect(check('component', '', '0')).toBeNull();
    expect(check('component', '', '1')).toBe('请输入前端组件');
    expect(check('perms', '', '2')).toBe('请输入授权标识');
  });

  it('accepts permission codes the server accepts and refuses others', () => {
    expect(check('perms', 'system:user:add', '2')).toBeNull();
    expect(check('perms', 'a:b,c:d', '2')).toBeNull();
    expect(check('perms', "a' or 1=1", '2')).toBe('授权标识只能包含字母、数字和 _ : . , -');
  });

  it('a record added with 添加下级 starts as a 子菜单', () => {
    expect(doc.tree?.childDefaults).toEqual({ menuType: '1' });
  });
});

describe('数据规则 (schemas/system/permission-data-rule.json)', () => {
  const rules = ruleDoc as unknown as EntityDocument;
  const ruleField = (key: string) => rules.fields.find((f) => f.key === key)!;

  it('a new rule starts with = and 有效', () => {
    expect(ruleField('ruleConditions').defaultValue).toBe('=');
    expect(ruleField('status').defaultValue).toBe('1');
  });

  it('checks rule columns as the server does', () => {
    const column = (value: string) =>
      validateField(ruleField('ruleColumn'), value, undefined, { ruleColumn: value });
    expect(column('createBy')).toBeNull();
    expect(column('create_by')).toBeNull();
    expect(column('1=1 or')).toBe('规则字段以字母开头，只含字母、数字和下划线');
  });

  it('hints only variables the server knows', () => {
    const hinted = [...ruleField('ruleValue').help!.matchAll(/#\{(\w+)\}/g)].map((m) => m[1]);
    expect(hinted.length).toBeGreaterThan(0);
    for (const name of hinted) expect(SYSTEM_VARIABLES).toContain(name);
  });

  it('菜单管理 offers 数据规则 on menus, not on buttons', () => {
    const action = doc.actions!.find((a) => a.key === 'rules')!;
    expect(holds(action.visible!, { menuType: 1 }, true)).toBe(true);
    expect(holds(action.visible!, { menuType: 2 }, true)).toBe(false);
    expect(holds(action.visible!, { menuType: '2' }, true)).toBe(false);
  });
});

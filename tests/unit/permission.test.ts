// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { excludedCodes, hasPermission, isDisabled, isHidden, type Grants } from '../../src/core/permission';
import { actionGrants, holdsDocumentMenu } from '../../renderers/common/use-permissions';
import type { MenuItem } from '../../src/app/stores/session';

const grants = (auth: Grants['auth'], allAuth: Grants['allAuth'] = []): Grants => ({ auth, allAuth });

describe('has-permission', () => {
  it('shows a button whose code the user holds, also inside a comma list', () => {
    const g = grants([{ action: 'base:unit:add' }, { action: 'base:unit:edit, base:unit:delete' }]);
    expect(hasPermission(g, 'base:unit:add')).toBe(true);
    expect(hasPermission(g, 'base:unit:delete')).toBe(true);
    expect(hasPermission(g, 'base:unit:export')).toBe(false);
  });

  it('an all-auth rule with status 0 is inactive: everyone sees the button', () => {
    const g = grants([], [{ action: 'base:unit:export', status: '0', type: '1' }]);
    expect(hasPermission(g, 'base:unit:export')).toBe(true);
    expect(
      hasPermission(grants([], [{ action: 'base:unit:export', status: '1', type: '1' }]), 'base:unit:export'),
    ).toBe(false);
  });

  it("type '2' (disable strategy): disabled while an active rule exists that the user is not granted", () => {
    const rule = { action: 'user:form:birthday', type: '2' };
    expect(isDisabled(grants([], [{ ...rule, status: '1' }]), rule.action)).toBe(true);
    expect(isDisabled(grants([rule], [{ ...rule, status: '1' }]), rule.action)).toBe(false);
    expect(isDisabled(grants([], [{ ...rule, status: '0' }]), rule.action)).toBe(false);
    expect(isDisabled(grants([], []), rule.action)).toBe(false);
  });

  it("type '1' (show strategy): hidden while an active rule exists that the user is not granted", () => {
    const rule = { action: 'user:form:phone', type: '1' };
    expect(isHidden(grants([], [{ ...rule, status: '1' }]), rule.action)).toBe(true);
    expect(isHidden(grants([rule], [{ ...rule, status: '1' }]), rule.action)).toBe(false);
    expect(isHidden(grants([], [{ ...rule, status: '0' }]), rule.action)).toBe(false);
  });

  it('toolbar codes under a prefix: each needs its code; add and batch_delete also go when excluded', () => {
    const prefix = 'base:unit:';
    const all = ['add', 'edit', 'delete', 'batch_delete', 'export', 'import'].map((a) => ({
      action: prefix + a,
      status: '1',
      type: '1',
    }));
    const g = grants([{ action: 'base:unit:edit' }, { action: 'base:unit:export' }], all);
    expect(excludedCodes(g, prefix).sort()).toEqual(['add', 'batch_delete', 'delete', 'import']);
    expect(actionGrants(g, { permission: prefix })).toEqual({
      add: false,
      edit: true,
      delete: false,
      batch_delete: false,
      export: true,
      import: false,
    });
    const admin = grants(
      all.map(({ action }) => ({ action })),
      all,
    );
    expect(Object.values(actionGrants(admin, { permission: prefix })).every(Boolean)).toBe(true);
    // a document's own codes: one code for its writes, no button where it has none
    const codes = { add: 'base:unitRule', edit: 'base:unitRule', batch_delete: false as const };
    const ruled = grants([{ action: 'base:unitRule' }, { action: 'base:unit:delete' }], []);
    expect(actionGrants(ruled, { permission: prefix, codes })).toMatchObject({
      add: true,
      edit: true,
      delete: true,
      batch_delete: false,
    });
    expect(actionGrants(admin, { permission: prefix, codes }).batch_delete).toBe(false);
  });
});

describe('documents opened inside another screen', () => {
  const item = (path: string, children?: MenuItem[]): MenuItem => ({
    id: path,
    path,
    name: path,
    component: '',
    meta: { title: path },
    children,
  });
  const menu = [
    item('/dashboard/analysis'),
    item('/system', [item('/system/dict'), { ...item('/online/cgformList/sys_dict_item'), hidden: true }]),
  ];

  it('are open to a user whose menu holds their (hidden) list route, at any depth', () => {
    expect(holdsDocumentMenu(menu, 'sys_dict_item')).toBe(true);
    expect(holdsDocumentMenu(menu, 'sys_depart_role')).toBe(false);
    // a route that merely ends like it is not the document's
    expect(holdsDocumentMenu([item('/online/cgformList/my_sys_dict_item')], 'sys_dict_item')).toBe(false);
  });
});

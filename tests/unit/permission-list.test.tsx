// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { session } from '../../src/app/stores/session';
import TreeList from '../../renderers/list/TreeList';
import { LIST_ROUTES } from '../../src/core/document/model';
import { AppRendererProviders } from '../../src/app/renderer-providers';
import { stubAntdDom } from './support/antd-dom';

// what the server answers: the document of 菜单管理, and its top level: one menu (with a button below)
vi.mock('../../src/app/http/client', async (real) => {
  const doc = (await import('../../schemas/system/permission.json')).default;
  const menu = {
    id: 'm1',
    name: '计量单位',
    menuType: 0,
    menuType_dictText: '一级菜单',
    url: '/base/unit',
    component: 'modules/online/cgform/auto/OnlCgformAutoList',
    sortNo: '10.00',
    hasChild: '1',
  };
  const answers: Record<string, unknown> = {
    '/online/cgform/api/document/sys_permission': doc,
    '/sys/permission/pageList': { records: [menu], total: 1, size: 50, current: 1, pages: 1 },
  };
  return {
    ...(await real<typeof import('../../src/app/http/client')>()),
    getAction: vi.fn(async (url: string) => ({
      success: true,
      message: '',
      code: 200,
      timestamp: 0,
      result: answers[url] ?? [],
    })),
  };
});

beforeAll(stubAntdDom);
afterEach(cleanup);

/** a button by its text; toolbar buttons' names start with their icon's label ("plus 新增菜单") */
const named = (text: string) => ({ name: new RegExp(`(^|\\s)${text}$`) });

/** the codes under system:permission:, and whether the user holds 数据规则's (hidden) list menu */
const grant = (actions: string[], rules = false) => {
  session.auth = actions.map((a) => ({ action: `system:permission:${a}`, type: '1' }));
  session.allAuth = [];
  const path = `${LIST_ROUTES.plain}sys_permission_data_rule`;
  session.permissionList = rules
    ? [{ id: 'doc_sys_permission_data_rule', path, name: path, component: '', meta: { title: '数据规则' } }]
    : [];
};

// antd's table renders slowly in jsdom (seconds on a busy machine): room, not a speed check
describe('菜单管理 buttons follow the permission codes', { timeout: 20_000 }, () => {
  it('a user with the list only sees the tree, and 数据规则 when holding its list, without add, edit or delete', async () => {
    grant(['list'], true);
    render(<TreeList code="sys_permission" />, { wrapper: AppRendererProviders });
    expect(await screen.findByText('计量单位')).toBeTruthy();
    expect(screen.getByText('一级菜单')).toBeTruthy();
    expect(screen.getByRole('button', named('数据规则'))).toBeTruthy();
    for (const name of ['新增菜单', '批量删除', '编辑', '添加下级', '删除'])
      expect(screen.queryByRole('button', named(name))).toBeNull();
  });

  it('the codes add, edit, delete and batch_delete bring their buttons; 数据规则 needs its list', async () => {
    grant(['list', 'add', 'edit', 'delete', 'batch_delete']);
    render(<TreeList code="sys_permission" />, { wrapper: AppRendererProviders });
    expect(await screen.findByText('计量单位')).toBeTruthy();
    for (const name of ['新增菜单', '批量删除', '编辑', '添加下级', '删除'])
      expect(screen.getByRole('button', named(name))).toBeTruthy();
    expect(screen.queryByRole('button', named('数据规则'))).toBeNull();
  });
});

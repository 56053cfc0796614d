// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { breadcrumbItems } from '../../src/app/layouts/breadcrumb';
import { findMenuTrail } from '../../src/app/layouts/menu-tree';
import { PLATFORM_INFO_KEY, systemName } from '../../src/app/layouts/platform';
import { storage } from '../../src/app/storage';
import type { MenuItem } from '../../src/app/stores/session';
import { documentTitle } from '../../src/app/tabs/document-title';
import { DEFAULT_TITLE } from '../../src/core/constants';

const menu = [
  {
    id: 'h',
    path: '/dashboard/analysis',
    name: 'dashboard-analysis',
    component: 'dashboard/Analysis',
    meta: { title: '首页' },
  },
  {
    id: 'b',
    path: '/base',
    name: 'base',
    component: 'layouts/RouteView',
    meta: { title: '基础数据' },
    children: [
      { id: 'u', path: '/base/unit', name: 'base-unit', component: 'x', meta: { title: '计量单位' } },
      {
        id: 'd',
        path: '/base/unit/detail',
        name: 'd',
        component: 'x',
        hidden: true,
        meta: { title: '单位详情' },
      },
    ],
  },
] as MenuItem[];

describe('breadcrumb', () => {
  it('starts with home and ends with the current item as plain text', () => {
    const trail = findMenuTrail(menu, '/base/unit');
    expect(breadcrumbItems(trail, '计量单位', '/base/unit')).toEqual([
      { title: '首页', path: '/dashboard/analysis' },
      { title: '基础数据', path: undefined },
      { title: '计量单位', path: undefined },
    ]);
  });

  it('links intermediate pages and shows a replaced title for the current one', () => {
    const trail = [
      menu[1],
      { ...menu[1].children![0], children: [menu[1].children![1]] },
      menu[1].children![1],
    ];
    expect(breadcrumbItems(trail, '单位 42', '/base/unit/detail').map((c) => [c.title, c.path])).toEqual([
      ['首页', '/dashboard/analysis'],
      ['基础数据', undefined],
      ['计量单位', undefined],
      ['单位 42', undefined],
    ]);
    // a page entry (no children) in the middle is a link
    const flat = [menu[1].children![0], menu[1].children![1]];
    expect(breadcrumbItems(flat, '单位详情', '/base/unit/detail')[1]).toEqual({
      title: '计量单位',
      path: '/base/unit',
    });
  });

  it('is just home (plain) on home, and names pages outside the menu', () => {
    expect(
      breadcrumbItems(findMenuTrail(menu, '/dashboard/analysis'), '首页', '/dashboard/analysis'),
    ).toEqual([{ title: '首页', path: undefined }]);
    expect(breadcrumbItems([], '404', '/404')).toEqual([
      { title: '首页', path: '/dashboard/analysis' },
      { title: '404' },
    ]);
  });
});

describe('document title', () => {
  beforeEach(() => localStorage.clear());

  it('is "<page> · <system>", or the system name alone on home', () => {
    expect(documentTitle('计量单位', '平台', false)).toBe('计量单位 · 平台');
    expect(documentTitle('首页', '平台', true)).toBe('平台');
    expect(documentTitle('', '平台', false)).toBe('平台');
  });

  it('takes the system name from the stored platform info, else the default title', () => {
    expect(systemName()).toBe(DEFAULT_TITLE);
    storage.set(PLATFORM_INFO_KEY, { systemName: '青铜馆平台' });
    expect(systemName()).toBe('青铜馆平台');
    expect(documentTitle('计量单位', systemName(), false)).toBe('计量单位 · 青铜馆平台');
  });
});

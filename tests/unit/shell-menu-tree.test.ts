import { describe, expect, it } from 'vitest';
import {
  buildNavTree,
  findMenuTrail,
  matchesTitle,
  menuSelection,
  searchableEntries,
  searchDestination,
} from '../../src/app/layouts/menu-tree';
import { menuIconLoader as menuIcon, DEFAULT_MENU_ICON } from '../../renderers/common/menu-icons';
import type { MenuItem } from '../../src/app/stores/session';

const item = (
  path: string,
  title: string,
  extra: Partial<MenuItem> = {},
  meta: Partial<MenuItem['meta']> = {},
): MenuItem => ({
  id: path,
  path,
  name: path.replace(/^\//, '').replace(/\//g, '-'),
  component: 'some/Page',
  route: '1',
  ...extra,
  meta: { title, ...meta },
});

const menu: MenuItem[] = [
  item('/dashboard/analysis', '首页', {}, { icon: 'home' }),
  item(
    '/base',
    '基础数据',
    {
      component: 'layouts/RouteView',
      children: [
        item('/online/cgformList/base_unit', '计量单位', {}, { icon: 'calculator' }),
        item('/base/unit/detail', '单位详情', { hidden: true }),
        item('online/cgformList/raw', '动态表单', { route: '0' }),
        item(
          '/aabbcc',
          '外部链接',
          { component: 'layouts/IframePageView' },
          { url: 'https://example.com', internalOrExternal: true },
        ),
        item('/iframe1', '内嵌页', { component: 'layouts/IframePageView' }, { url: 'https://example.org/x' }),
        item('/online/cgformList/:code', '通用列表', { hidden: true }),
      ],
    },
    { icon: 'database' },
  ),
  item('/report', '报表', { alwaysShow: true, children: [item('/report/one', '报表一')] }),
  item('/secret', '隐藏', { hidden: true, children: [item('/secret/a', '隐藏子项')] }),
];

describe('sidebar items', () => {
  const tree = buildNavTree(menu);

  it('skips hidden entries and makes entries with children submenus unless alwaysShow', () => {
    expect(tree.map((n) => n.title)).toEqual(['首页', '基础数据', '报表']);
    const base = tree[1];
    expect(base.children?.map((n) => n.title)).toEqual(['计量单位', '动态表单', '外部链接', '内嵌页']);
    expect(tree[2].children).toBeUndefined();
    expect(tree[2].to).toBe('/report');
  });

  it("goes by the raw path for route '0' entries and by the normalised route path otherwise", () => {
    const base = tree[1].children!;
    expect(base[1].to).toBe('online/cgformList/raw');
    expect(base[1].key).toBe('/online/cgformList/raw');
    expect(base[0].to).toBe('/online/cgformList/base_unit');
  });

  it('opens entries with a target or an external address as links in a new window', () => {
    const ext = tree[1].children![2];
    expect(ext).toMatchObject({ href: 'https://example.com', target: '_blank' });
    const targeted = buildNavTree([
      item('/t', 'T', {}, { target: '_blank', url: 'https://t.example' } as never),
    ]);
    expect(targeted[0]).toMatchObject({ href: 'https://t.example', target: '_blank' });
    // an iframe page stays inside the app
    expect(tree[1].children![3].href).toBeUndefined();
  });

  it('keeps icon names and resolves unknown ones to the default icon', () => {
    expect(tree[0].icon).toBe('home');
    expect(menuIcon('calculator')).not.toBe(DEFAULT_MENU_ICON);
    expect(menuIcon('SettingOutlined')).toBe(menuIcon('setting'));
    expect(menuIcon('no-such-icon')).toBe(DEFAULT_MENU_ICON);
    expect(menuIcon(undefined)).toBe(DEFAULT_MENU_ICON);
  });
});

describe('selection follows the route', () => {
  it('selects the entry and opens its parents', () => {
    const trail = findMenuTrail(menu, '/online/cgformList/base_unit');
    expect(trail.map((i) => i.meta.title)).toEqual(['基础数据', '计量单位']);
    expect(menuSelection(trail)).toEqual({
      selectedKeys: ['/online/cgformList/base_unit'],
      openKeys: ['/base'],
    });
  });

  it('highlights the parent of a hidden child route', () => {
    const trail = findMenuTrail(menu, '/base/unit/detail');
    expect(menuSelection(trail)).toEqual({ selectedKeys: ['/base'], openKeys: [] });
  });

  it('matches :param routes after exact paths, and a child of an alwaysShow entry selects that entry', () => {
    expect(findMenuTrail(menu, '/online/cgformList/other').at(-1)?.meta.title).toBe('通用列表');
    expect(menuSelection(findMenuTrail(menu, '/report/one')).selectedKeys).toEqual(['/report']);
    expect(findMenuTrail(menu, '/nowhere')).toEqual([]);
    expect(menuSelection([])).toEqual({ selectedKeys: [], openKeys: [] });
  });
});

describe('menu search', () => {
  it('lists visible non-layout entries and matches titles case-insensitively', () => {
    const entries = searchableEntries(menu);
    expect(entries.map((e) => e.meta.title)).toEqual([
      '首页',
      '计量单位',
      '动态表单',
      '外部链接',
      '内嵌页',
      '报表',
      '报表一',
    ]);
    const latin = item('/x', 'Online Report');
    expect(matchesTitle(latin, 'report')).toBe(true);
    expect(matchesTitle(latin, 'REP')).toBe(true);
    expect(matchesTitle(latin, 'form')).toBe(false);
  });

  it('opens external and iframe pages in a new window and navigates to the rest', () => {
    const entries = searchableEntries(menu);
    const by = (t: string) => entries.find((e) => e.meta.title === t)!;
    expect(searchDestination(by('外部链接'))).toEqual({ open: 'https://example.com' });
    expect(searchDestination(by('内嵌页'))).toEqual({ open: 'https://example.org/x' });
    expect(searchDestination(by('计量单位'))).toEqual({ navigate: '/online/cgformList/base_unit' });
    expect(searchDestination(by('动态表单'))).toEqual({ navigate: 'online/cgformList/raw' });
  });
});

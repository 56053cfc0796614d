// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import {
  closeLeft,
  closeOthers,
  closeRight,
  closeTab,
  createTabs,
  HOME_UNCLOSABLE,
  includedComponents,
  LAST_UNCLOSABLE,
  openTab,
  rememberedTabTitle,
  rememberTabTitle,
  tabActions,
  tabTitleKey,
  type TabPage,
  type TabState,
} from '../../src/app/tabs/tabs-model';
import { ZH_CN } from '../../src/app/i18n/zh-CN';

const home: TabPage = { fullPath: '/dashboard/analysis', path: '/dashboard/analysis', title: '首页' };
const page = (p: string, extra: Partial<TabPage> = {}): TabPage => ({
  fullPath: p,
  path: p.split('?')[0],
  title: p,
  ...extra,
});
const paths = (s: TabState) => s.pages.map((p) => p.fullPath);

function withTabs(...ps: string[]): TabState {
  return ps.reduce((s, p) => openTab(s, page(p)), createTabs(home));
}

describe('tab list', () => {
  it('opens a tab per full path and updates an existing one', () => {
    let s = withTabs('/a', '/b');
    expect(paths(s)).toEqual(['/dashboard/analysis', '/a', '/b']);
    expect(s.active).toBe('/b');
    s = openTab(s, page('/a', { title: 'A!' }));
    expect(paths(s)).toEqual(['/dashboard/analysis', '/a', '/b']);
    expect(s.pages[1].title).toBe('A!');
    expect(s.active).toBe('/a');
    // query strings make distinct tabs
    s = openTab(s, page('/a?id=1'));
    expect(paths(s)).toHaveLength(4);
  });

  it('keeps home first even when it was not the first page opened', () => {
    const s = openTab({ pages: [page('/a')], active: '/a' }, home);
    expect(paths(s)).toEqual(['/dashboard/analysis', '/a']);
  });

  it('refuses to close home and the last tab', () => {
    const s = withTabs('/a');
    expect(closeTab(s, '/dashboard/analysis')).toEqual({ state: s, warning: HOME_UNCLOSABLE });
    expect(ZH_CN[HOME_UNCLOSABLE]).toBe('首页不能关闭!');
    const lone: TabState = { pages: [page('/a')], active: '/a' };
    expect(closeTab(lone, '/a')).toEqual({ state: lone, warning: LAST_UNCLOSABLE });
    expect(ZH_CN[LAST_UNCLOSABLE]).toBe('这是最后一页，不能再关闭了啦');
  });

  it('activates the neighbour when the active tab closes', () => {
    let s = openTab(withTabs('/a', '/b', '/c'), page('/b'));
    s = closeTab(s, '/b').state;
    expect(paths(s)).toEqual(['/dashboard/analysis', '/a', '/c']);
    expect(s.active).toBe('/c');
    s = closeTab(s, '/c').state;
    expect(s.active).toBe('/a');
  });

  it('closing an inactive tab keeps the active one', () => {
    const s = closeTab(withTabs('/a', '/b'), '/a').state;
    expect(s.active).toBe('/b');
  });

  it('close left / right / others keep home and move the active tab to the clicked one if it went away', () => {
    const s = openTab(withTabs('/a', '/b', '/c', '/d'), page('/a'));
    const left = closeLeft(s, '/c');
    expect(paths(left)).toEqual(['/dashboard/analysis', '/c', '/d']);
    expect(left.active).toBe('/c');
    const right = closeRight(s, '/b');
    expect(paths(right)).toEqual(['/dashboard/analysis', '/a', '/b']);
    expect(right.active).toBe('/a');
    const others = closeOthers(s, '/c');
    expect(paths(others)).toEqual(['/dashboard/analysis', '/c']);
    expect(others.active).toBe('/c');
    expect(paths(closeOthers(s, '/dashboard/analysis'))).toEqual(['/dashboard/analysis']);
  });

  it('offers only the actions that would close something', () => {
    const s = withTabs('/a', '/b');
    expect(tabActions(s, '/dashboard/analysis')).toEqual({
      close: false,
      closeLeft: false,
      closeRight: true,
      closeOthers: true,
    });
    expect(tabActions(s, '/a')).toEqual({
      close: true,
      closeLeft: false,
      closeRight: true,
      closeOthers: true,
    });
    expect(tabActions(s, '/b')).toEqual({
      close: true,
      closeLeft: true,
      closeRight: false,
      closeOthers: true,
    });
    expect(tabActions(createTabs(home), '/dashboard/analysis')).toEqual({
      close: false,
      closeLeft: false,
      closeRight: false,
      closeOthers: false,
    });
  });

  it('lists the kept-alive component names, dropping closed ones', () => {
    let s = openTab(createTabs(home), page('/a', { keepAlive: true, componentName: 'A' }));
    s = openTab(s, page('/b', { keepAlive: false, componentName: 'B' }));
    expect(includedComponents(s)).toEqual(['A']);
    expect(includedComponents(closeTab(s, '/a').state)).toEqual([]);
  });
});

describe('replaced tab titles', () => {
  beforeEach(() => localStorage.clear());

  it('are remembered in local storage under a key built from the full path', () => {
    rememberTabTitle('/a?id=1', '编辑 1');
    expect(tabTitleKey('/a?id=1')).toContain('/a?id=1');
    expect(localStorage.getItem(tabTitleKey('/a?id=1'))).toContain('编辑 1');
    expect(rememberedTabTitle('/a?id=1')).toBe('编辑 1');
    expect(rememberedTabTitle('/a?id=2')).toBeUndefined();
  });
});

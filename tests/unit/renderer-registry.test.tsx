// @vitest-environment jsdom
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import {
  ONLINE_LIST_COMPONENT,
  ONLINE_TREE_LIST_COMPONENT,
  onlineListOf,
  rendererFor,
  resolveRenderer,
} from '../../renderers/registry';
import { RouteRenderer } from '../../renderers/RouteRenderer';
import { LIST_ROUTES } from '../../src/core/document/model';
import { stubAntdDom } from './support/antd-dom';

beforeAll(stubAntdDom);
afterEach(cleanup);

describe('renderer registry', () => {
  it('reads the list kind and the document code from an online-list path', () => {
    expect(onlineListOf('/online/cgformList/base_unit')).toEqual({ kind: 'plain', code: 'base_unit' });
    expect(onlineListOf('/online/cgformTreeList/base_area')).toEqual({ kind: 'tree', code: 'base_area' });
    expect(onlineListOf('/online/cgformTreeList/x/extra')).toEqual({ kind: 'tree', code: 'x' });
    expect(onlineListOf('/online/cgformTabList/x')).toEqual({ kind: 'tab', code: 'x' });
    expect(onlineListOf('/online/cgformErpList/x')).toEqual({ kind: 'erp', code: 'x' });
    expect(onlineListOf('/online/cgformList/')).toBeNull();
    expect(onlineListOf('/base/unit')).toBeNull();
  });

  it('the route prefix picks the renderer, whatever component name the menu gives', () => {
    const plain = resolveRenderer({ component: ONLINE_LIST_COMPONENT, path: '/online/cgformList/base_unit' });
    const tree = resolveRenderer({
      component: ONLINE_LIST_COMPONENT,
      path: '/online/cgformTreeList/base_area',
    });
    expect(plain).toEqual({ Renderer: rendererFor(ONLINE_LIST_COMPONENT), code: 'base_unit' });
    expect(tree).toEqual({ Renderer: rendererFor(ONLINE_TREE_LIST_COMPONENT), code: 'base_area' });
    // one lazy component per name, so a page never re-mounts for a new wrapper
    expect(rendererFor(ONLINE_LIST_COMPONENT)).toBe(rendererFor(ONLINE_LIST_COMPONENT));
  });

  it('every list kind the core registers (and documents may name) has its renderer', () => {
    for (const [kind, route] of Object.entries(LIST_ROUTES))
      expect(resolveRenderer({ component: 'x', path: `${route}doc_${kind}` }), kind).toHaveProperty(
        'Renderer',
      );
  });

  it('a module path resolves through its component name to the document in componentName', () => {
    expect(
      resolveRenderer({ component: ONLINE_LIST_COMPONENT, path: '/base/unit', componentName: 'base_unit' }),
    ).toEqual({ Renderer: rendererFor(ONLINE_LIST_COMPONENT), code: 'base_unit' });
    // a screen registered under its own component may know its document itself
    expect(resolveRenderer({ component: ONLINE_LIST_COMPONENT, path: '/base/unit' })).toEqual({
      Renderer: rendererFor(ONLINE_LIST_COMPONENT),
      code: '',
    });
  });

  it('every screen component a document’s menu names is registered, and gets the document in componentName', () => {
    const named = fs
      .readdirSync('schemas', { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.json') && !f.startsWith('_meta'))
      .map((f) => JSON.parse(fs.readFileSync(path.join('schemas', f), 'utf8')))
      .filter((d) => d.kind === 'entity' && d.menu?.component);
    expect(named.map((d) => d.code)).toEqual(expect.arrayContaining(['pro_work_order', 'sys_depart']));
    for (const d of named)
      expect(
        resolveRenderer({ component: d.menu.component, path: d.menu.path, componentName: d.code }),
      ).toEqual({ Renderer: rendererFor(d.menu.component), code: d.code });
  });

  it('names what is missing: an unknown component', () => {
    expect(rendererFor('system/NoSuchPage')).toBeNull();
    expect(resolveRenderer({ component: 'system/NoSuchPage', path: '/sys/none' })).toEqual({
      missing: 'system/NoSuchPage',
    });
    expect(resolveRenderer({ component: 'x/SheetList', path: '/online/cgformSheetList/order' })).toEqual({
      missing: 'x/SheetList',
    });
  });

  it('an unknown name renders a visible error naming it', async () => {
    render(<RouteRenderer component="system/NoSuchPage" path="/sys/none" />);
    // antd's Result loads with the first failure shown (renderers/common/LazyResult.tsx)
    expect(await screen.findByText('页面组件未注册', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByText('组件 system/NoSuchPage 没有对应的页面或渲染器')).toBeTruthy();
  });
});

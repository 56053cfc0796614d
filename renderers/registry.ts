import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { LIST_ROUTES } from '../src/core/document/model';
import type { ListKind } from '../src/core/document/types';
import { prefetchDocument } from './common/use-document';

/** what every page-level renderer receives: the code of the document it interprets */
export interface RendererProps {
  code: string;
}

type Loader = () => Promise<{ default: ComponentType<RendererProps> }>;

/** the component name the server menu gives the generic online list routes */
export const ONLINE_LIST_COMPONENT = 'modules/online/cgform/auto/OnlCgformAutoList';
export const ONLINE_TREE_LIST_COMPONENT = 'modules/online/cgform/auto/OnlCgformTreeList';
export const ONLINE_COPY_LIST_COMPONENT = 'modules/online/cgform/OnlCgformCopyList';
export const ONLINE_ERP_LIST_COMPONENT = 'modules/online/cgform/auto/erp/OnlCgformErpList';
export const ONLINE_INNER_TABLE_LIST_COMPONENT =
  'modules/online/cgform/auto/innerTable/OnlCgformInnerTableList';
export const ONLINE_TAB_LIST_COMPONENT = 'modules/online/cgform/auto/tab/OnlCgformTabList';
/** the online report list (/online/cgreport/:code); its menu names the report by componentName */
export const ONLINE_REPORT_COMPONENT = 'modules/online/cgreport/auto/OnlCgreportAutoList';
/** the report head list: the reports the user may read, each opening its report list */
export const ONLINE_REPORT_HEAD_COMPONENT = 'modules/online/cgreport/OnlCgreportHeadList';

/**
 * The one registry: component name → lazily loaded renderer, each registered here once. A new list
 * kind, or a screen built on a generic renderer (a user list with its own row actions, see
 * ListExtensions in list/ListPage.tsx), is one file and one line here.
 */
const RENDERERS: Record<string, Loader> = {
  [ONLINE_LIST_COMPONENT]: () => import('./list/PlainList'),
  [ONLINE_TREE_LIST_COMPONENT]: () => import('./list/TreeList'),
  [ONLINE_COPY_LIST_COMPONENT]: () => import('./list/CopyList'),
  [ONLINE_ERP_LIST_COMPONENT]: () => import('./list/ErpList'),
  [ONLINE_INNER_TABLE_LIST_COMPONENT]: () => import('./list/InnerTableList'),
  [ONLINE_TAB_LIST_COMPONENT]: () => import('./list/TabList'),
  [ONLINE_REPORT_COMPONENT]: () => import('./report/ReportList'),
  [ONLINE_REPORT_HEAD_COMPONENT]: () => import('./report/ReportHeadList'),
  // 菜单管理 (schemas/system/access-screens.json) is the tree list of its document, 数据规则 a drawer action
  'system/PermissionList': () => import('./list/TreeList'),
};

/**
 * The renderer each online-list route kind uses (the route prefix names the kind; the
 * server names every online list with one component). Complete over core's kinds: a kind
 * registered in src/core/document/list-kinds.ts without a renderer here does not compile.
 */
const KIND_RENDERERS = {
  plain: ONLINE_LIST_COMPONENT,
  auto: ONLINE_LIST_COMPONENT,
  tree: ONLINE_TREE_LIST_COMPONENT,
  copy: ONLINE_COPY_LIST_COMPONENT,
  erp: ONLINE_ERP_LIST_COMPONENT,
  innerTable: ONLINE_INNER_TABLE_LIST_COMPONENT,
  tab: ONLINE_TAB_LIST_COMPONENT,
} satisfies Record<ListKind, string>;

const cache = new Map<string, LazyExoticComponent<ComponentType<RendererProps>>>();

/** the renderer registered under a component name, or null */
export function rendererFor(name: string): LazyExoticComponent<ComponentType<RendererProps>> | null {
  const loader = RENDERERS[name];
  if (!loader) return null;
  if (!cache.has(name)) cache.set(name, lazy(loader));
  return cache.get(name)!;
}

/** the list kind an online-list path names by its prefix, and the document code after it */
export function onlineListOf(path: string): { kind: ListKind; code: string } | null {
  for (const [kind, prefix] of Object.entries(LIST_ROUTES) as [ListKind, string][]) {
    if (!path.startsWith(prefix)) continue;
    const code = path.slice(prefix.length).split('/')[0];
    return code ? { kind, code } : null;
  }
  return null;
}

/**
 * Starts loading the renderer an online-list path will need and the document it interprets, before
 * the menu that confirms the route has arrived (a deep link or a reload then waits for one round
 * trip, not three: menu, then code, then document).
 */
export function preloadPageFor(path: string): void {
  const online = onlineListOf(path);
  const name = online && KIND_RENDERERS[online.kind];
  if (!name) return;
  void RENDERERS[name]().catch(() => undefined);
  prefetchDocument(online.code);
}

export interface MenuTarget {
  /** the menu entry's component */
  component: string;
  path: string;
  /** meta.componentName: the document code of a module path that is not an online-list route */
  componentName?: string;
}

/*
 * How a screen plugs in: most need no renderer of their own, their entity document declaring its
 * actions (src/core/actions/registry.ts) and its menu (`"menu": { "path": "/system/user" }`). A
 * screen that draws something no action kind can is a small renderer passing extensions to
 * DocumentList (ListExtensions in list/ListPage.tsx), one line above, and the menu naming it as its
 * `component`. A new field type is its core module (src/core/fields) and its renderer
 * (renderers/fields: editor, cell, search control), one line in each registry.
 */

/**
 * What a menu route renders: on an online-list path, the renderer of its kind and the code in the
 * path; elsewhere the renderer registered for the component, interpreting the document named by
 * componentName. `missing` names what is not registered, for a visible error.
 */
export function resolveRenderer(
  target: MenuTarget,
): { Renderer: LazyExoticComponent<ComponentType<RendererProps>>; code: string } | { missing: string } {
  const online = onlineListOf(target.path);
  if (online) {
    const name = KIND_RENDERERS[online.kind];
    const Renderer = name ? rendererFor(name) : null;
    return Renderer ? { Renderer, code: online.code } : { missing: `${target.component}（${online.kind}）` };
  }
  // a screen of its own (registered under its component) may know its document without componentName
  const Renderer = rendererFor(target.component);
  return Renderer ? { Renderer, code: target.componentName ?? '' } : { missing: target.component };
}

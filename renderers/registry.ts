import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** what every page-level renderer receives: the document code from the route (/online/cgformList/:code) */
export interface RendererProps {
  code: string;
}

type Loader = () => Promise<{ default: ComponentType<RendererProps> }>;

/**
 * One registry: component name → lazily loaded renderer. The menu's component names for the
 * online list kinds (spec 2.2) land here; adding a list kind is one file and one line.
 */
const loaders: Record<string, Loader> = {};

/** list kind (plain, tree, erp, ...) → renderer: the server names every online list with one component */
const kindLoaders: Record<string, Loader> = {};

const cache = new Map<string, LazyExoticComponent<ComponentType<RendererProps>>>();

export function registerRenderer(name: string, loader: Loader): void {
  loaders[name] = loader;
}

export function registerListKind(kind: string, loader: Loader): void {
  kindLoaders[kind] = loader;
}

function lazyFor(key: string, loader: Loader): LazyExoticComponent<ComponentType<RendererProps>> {
  if (!cache.has(key)) cache.set(key, lazy(loader));
  return cache.get(key)!;
}

export function hasRenderer(name: string): boolean {
  return name in loaders;
}

export function rendererFor(name: string): LazyExoticComponent<ComponentType<RendererProps>> | null {
  return loaders[name] ? lazyFor(`component:${name}`, loaders[name]) : null;
}

export function rendererForKind(kind: string): LazyExoticComponent<ComponentType<RendererProps>> | null {
  return kindLoaders[kind] ? lazyFor(`kind:${kind}`, kindLoaders[kind]) : null;
}

/** the online-list route prefixes of spec 2.2 and the list kind each maps to */
export const ONLINE_LIST_ROUTES: Record<string, string> = {
  '/online/cgformList/': 'plain',
  '/online/copyform/': 'copy',
  '/online/cgformTreeList/': 'tree',
  '/online/cgformErpList/': 'erp',
  '/online/cgformTabList/': 'tab',
  '/online/cgformInnerTableList/': 'innerTable',
  '/online/cgreport/': 'report',
};

/** the document code in an online-list path, or null */
export function codeFromPath(path: string): string | null {
  for (const prefix of Object.keys(ONLINE_LIST_ROUTES))
    if (path.startsWith(prefix)) return path.slice(prefix.length).split('/')[0] || null;
  return null;
}

/** the list kind an online-list path names (by its prefix, spec 2.2), or null */
export function listKindFromPath(path: string): string | null {
  const prefix = Object.keys(ONLINE_LIST_ROUTES).find((p) => path.startsWith(p));
  return prefix ? ONLINE_LIST_ROUTES[prefix] : null;
}

/**
 * The renderer of a menu route: the one registered for the path's list kind when there is one,
 * else the one for the menu's component name.
 */
export function rendererForRoute(
  component: string,
  path: string,
): LazyExoticComponent<ComponentType<RendererProps>> | null {
  const kind = listKindFromPath(path);
  return (kind && rendererForKind(kind)) || rendererFor(component);
}

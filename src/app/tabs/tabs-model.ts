import { DEFAULT_HOME } from '../../core/constants';
import { storage } from '../storage';
import type { MessageKey } from '../i18n/zh-CN';

/**
 * The tab list as pure functions over an immutable state, so the rules can be
 * unit-tested without React: one tab per full path, home first and unclosable, the last tab unclosable.
 */
export interface TabPage {
  /** path plus query, without a list's own state (src/core/query/list-url.ts): the tab's identity */
  fullPath: string;
  /** the address the tab reopens: its full path plus the list state the page last wrote */
  href?: string;
  path: string;
  title: string;
  keepAlive?: boolean;
  componentName?: string;
}

export interface TabState {
  pages: TabPage[];
  active: string;
}

export interface TabResult {
  state: TabState;
  /** warnings (catalog keys), shown by the caller */
  warning?: MessageKey;
}

export const HOME_UNCLOSABLE: MessageKey = 'tabs.homeUnclosable';
export const LAST_UNCLOSABLE: MessageKey = 'tabs.lastUnclosable';

export function isHome(page: Pick<TabPage, 'path'>, home = DEFAULT_HOME): boolean {
  return page.path === home;
}

/** where a tab goes when it is chosen again */
export function hrefOf(page: TabPage): string {
  return page.href ?? page.fullPath;
}

export function createTabs(home: TabPage): TabState {
  return { pages: [home], active: home.fullPath };
}

/** adds the tab if absent, otherwise updates it; home always goes first; the opened tab becomes active */
export function openTab(state: TabState, page: TabPage): TabState {
  const i = state.pages.findIndex((p) => p.fullPath === page.fullPath);
  let pages: TabPage[];
  if (i >= 0) pages = state.pages.map((p, j) => (j === i ? { ...p, ...page } : p));
  else if (isHome(page)) pages = [page, ...state.pages];
  else pages = [...state.pages, page];
  return { pages, active: page.fullPath };
}

/** closing removes the tab; if it was active, the neighbour that takes its place (or the new last) becomes active */
export function closeTab(state: TabState, fullPath: string): TabResult {
  const i = state.pages.findIndex((p) => p.fullPath === fullPath);
  if (i < 0) return { state };
  if (isHome(state.pages[i])) return { state, warning: HOME_UNCLOSABLE };
  if (state.pages.length === 1) return { state, warning: LAST_UNCLOSABLE };
  const pages = state.pages.filter((_, j) => j !== i);
  const active = state.active === fullPath ? pages[Math.min(i, pages.length - 1)].fullPath : state.active;
  return { state: { pages, active } };
}

/** keeps home and the given tabs; if the active one went away, the clicked tab becomes active */
function keep(state: TabState, fullPath: string, pick: (index: number, at: number) => boolean): TabState {
  const at = state.pages.findIndex((p) => p.fullPath === fullPath);
  if (at < 0) return state;
  const pages = state.pages.filter((p, j) => isHome(p) || pick(j, at));
  const active = pages.some((p) => p.fullPath === state.active) ? state.active : fullPath;
  return { pages, active };
}

export const closeLeft = (s: TabState, fullPath: string) => keep(s, fullPath, (j, at) => j >= at);
export const closeRight = (s: TabState, fullPath: string) => keep(s, fullPath, (j, at) => j <= at);
export const closeOthers = (s: TabState, fullPath: string) => keep(s, fullPath, (j, at) => j === at);

/** which context actions make sense for a tab (the menu disables the rest) */
export function tabActions(state: TabState, fullPath: string) {
  const at = state.pages.findIndex((p) => p.fullPath === fullPath);
  const closable = (p: TabPage) => !isHome(p);
  return {
    close: at >= 0 && closable(state.pages[at]),
    closeLeft: state.pages.slice(0, Math.max(at, 0)).some(closable),
    closeRight: at >= 0 && state.pages.slice(at + 1).some(closable),
    closeOthers: state.pages.some((p, j) => j !== at && closable(p)),
  };
}

/** component names of the kept-alive tabs (the stored CACHE_INCLUDED_ROUTES list) */
export function includedComponents(state: TabState): string[] {
  return [...new Set(state.pages.filter((p) => p.keepAlive && p.componentName).map((p) => p.componentName!))];
}

/** replaced titles live in local storage under a key built from the full path */
export function tabTitleKey(fullPath: string): string {
  return `route:title:${fullPath}`;
}

export function rememberTabTitle(fullPath: string, title: string): void {
  storage.set(tabTitleKey(fullPath), title, null);
}

export function rememberedTabTitle(fullPath: string): string | undefined {
  return storage.get<string>(tabTitleKey(fullPath));
}

import { proxy } from 'valtio';
import { DEFAULT_HOME, STORAGE_KEYS } from '../../core/constants';
import { homeTitle } from '../layouts/breadcrumb';
import { notices } from '../http/notices';
import { storage } from '../storage';
import * as model from './tabs-model';
import type { TabPage, TabResult, TabState } from './tabs-model';
import { t } from '../i18n/i18n';

/**
 * The open tabs, module-level so they survive a layout re-mount and pages can rename their tab.
 * Actions that move the active tab return the full path to navigate to; the caller navigates.
 */
const homePage = (): TabPage => ({ fullPath: DEFAULT_HOME, path: DEFAULT_HOME, title: homeTitle() });

export const tabs = proxy({
  state: model.createTabs(homePage()),
  /** bumped by 刷新: the page is re-mounted under a new key */
  reloadKeys: {} as Record<string, number>,
  /** 刷新 asked for this tab; its page re-mounts once the address is the tab's bare full path */
  pendingReload: '',
  /** titles pages give themselves by pathname (an online list's document title), below the menu's */
  pageTitles: {} as Record<string, string>,
});

function commit(next: TabState): void {
  tabs.state = next;
  // closing drops a component name from the stored kept-alive list
  storage.set(STORAGE_KEYS.cacheIncludedRoutes, model.includedComponents(next), null);
}

function apply(r: TabResult): string | undefined {
  if (r.warning) {
    notices.warning(t(r.warning));
    return undefined;
  }
  const before = tabs.state.active;
  commit(r.state);
  if (r.state.active === before) return undefined;
  const active = r.state.pages.find((p) => p.fullPath === r.state.active);
  return active ? model.hrefOf(active) : r.state.active;
}

export function openPage(page: TabPage): void {
  const title = model.rememberedTabTitle(page.fullPath) ?? page.title;
  const current = tabs.state.pages.find((p) => p.fullPath === page.fullPath);
  const same =
    current &&
    tabs.state.active === page.fullPath &&
    current.title === title &&
    current.href === page.href &&
    current.keepAlive === page.keepAlive &&
    current.componentName === page.componentName;
  if (!same) commit(model.openTab(tabs.state, { ...page, title }));
}

export const closePage = (fullPath: string) => apply(model.closeTab(tabs.state, fullPath));
export const closeLeftOf = (fullPath: string) => apply({ state: model.closeLeft(tabs.state, fullPath) });
export const closeRightOf = (fullPath: string) => apply({ state: model.closeRight(tabs.state, fullPath) });
export const closeOthersThan = (fullPath: string) =>
  apply({ state: model.closeOthers(tabs.state, fullPath) });

/**
 * 刷新: the tab's page re-mounts afresh, from its full path without list state. The caller navigates
 * there; the router moves in a transition, after this store, so the re-mount waits for the address
 * (remountPending), or the new page would read the old query.
 */
export function reloadPage(fullPath: string): void {
  const i = tabs.state.pages.findIndex((p) => p.fullPath === fullPath);
  if (i >= 0) tabs.state.pages[i] = { ...tabs.state.pages[i], href: fullPath };
  tabs.pendingReload = fullPath;
}

/** called with the current address: re-mounts the page 刷新 asked for once it is shown there */
export function remountPending(href: string): void {
  const fullPath = tabs.pendingReload;
  if (!fullPath || fullPath !== href) return;
  tabs.pendingReload = '';
  tabs.reloadKeys[fullPath] = (tabs.reloadKeys[fullPath] ?? 0) + 1;
}

/** the address of an open tab (its full path when it is not open) */
export function tabHref(fullPath: string): string {
  const page = tabs.state.pages.find((p) => p.fullPath === fullPath);
  return page ? model.hrefOf(page) : fullPath;
}

/** a page names itself (by pathname) where its menu entry gives no title */
export function namePage(pathname: string, title: string): void {
  if (tabs.pageTitles[pathname] !== title) tabs.pageTitles[pathname] = title;
}

/** replaces a tab's title for that route and remembers it */
export function setTabTitle(fullPath: string, title: string): void {
  model.rememberTabTitle(fullPath, title);
  const i = tabs.state.pages.findIndex((p) => p.fullPath === fullPath);
  if (i >= 0) tabs.state.pages[i] = { ...tabs.state.pages[i], title };
}

/** a new session starts with home alone */
export function resetTabs(): void {
  tabs.state = model.createTabs(homePage());
  tabs.reloadKeys = {};
  tabs.pendingReload = '';
  tabs.pageTitles = {};
}

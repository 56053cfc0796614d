import type { MenuItem } from '../stores/session';

export interface MenuRoute {
  /** normalised path with a leading slash (guard rule 4) */
  path: string;
  component: string;
  title: string;
  keepAlive: boolean;
  componentName?: string;
  /** external address for iframe / link entries */
  url?: string;
  permission?: string;
}

/**
 * The server menu → the routes to add: items with route '0' are not routes, layout
 * components are containers, external links open elsewhere. Paths gain a leading slash.
 */
export function menuRoutes(menu: MenuItem[]): MenuRoute[] {
  const out: MenuRoute[] = [];
  const walk = (items: MenuItem[]) => {
    for (const m of items) {
      if (m.children?.length) walk(m.children);
      if (m.route === '0' || !m.component || m.component.startsWith('layouts/RouteView')) continue;
      if (m.meta.internalOrExternal) continue;
      out.push({
        path: m.path.startsWith('/') ? m.path : `/${m.path}`,
        component: m.component,
        title: m.meta.title,
        keepAlive: Boolean(m.meta.keepAlive),
        componentName: m.meta.componentName,
        url: m.meta.url,
      });
    }
  };
  walk(menu);
  return out;
}

/** the open routes that need no token */
export const OPEN_PATHS = [
  '/user',
  '/user/login',
  '/user/register',
  '/user/register-result',
  '/user/alteration',
  '/workOrderListProcedureStepInfo',
  '/shouye',
  '/phone/wxauth',
  '/phone/login',
  '/phone/signup',
  '/phone/activityList',
  '/phone/activityDetails',
  '/404',
];

export function isOpenPath(pathname: string): boolean {
  return OPEN_PATHS.includes(pathname.replace(/\/$/, '') || '/');
}

/** the phone pages skip the menu load (guard rule 3) */
export function isPhonePage(pathname: string): boolean {
  return /^\/phone\/(wxauth|login|signup|activityList|activityDetails)$/.test(pathname);
}

import { proxy } from 'valtio';
import { DEFAULT_HOME } from '../../core/constants';
import type { MenuRoute } from './menu-routes';

/** The routes added from the server menu, for the layout's tabs, titles and breadcrumbs to look up. */
export const routeTable = proxy({ routes: [] as MenuRoute[] });

export function findRoute(pathname: string): MenuRoute | undefined {
  const path = pathname.replace(/\/$/, '') || DEFAULT_HOME;
  return routeTable.routes.find((r) => r.path === path);
}

import { createContext } from 'react';

/**
 * What the app tells the page a route renders (a provider, so renderers need no router): the query
 * string the page opened with, a way to replace it, and a way to name the page where its menu entry
 * does not. Lists inside a page's drawers or dialogs do not use it: only the page's own list does.
 */
export interface RoutePage {
  /** the page's own query string, as it opened or was last replaced (not another tab's) */
  search: () => string;
  /** replaces the page's query string in place (history replace: Back still leaves the page) */
  replaceSearch: (search: string) => void;
  /** names the page (tab, breadcrumb, heading) unless its menu entry already does */
  nameTitle: (title: string) => void;
}

export const RoutePageContext = createContext<RoutePage | null>(null);

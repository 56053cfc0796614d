import { useMemo, useRef, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { RoutePageContext, type RoutePage } from '../../../renderers/common/route-page';
import { namePage } from '../tabs/tabs-store';

/**
 * Gives the page a route renders its own address: its query string, a replace that keeps it on its
 * own path, and its title for the tab. The location is read once: a kept-alive page stays mounted
 * (hidden) while other tabs change the location, and must not take their query for its own.
 */
export function RoutePageProvider({ children }: { children: ReactNode }) {
  const location = useLocation();
  const [own] = useState(() => ({ pathname: location.pathname, search: location.search }));
  const navigate = useNavigate();
  // react-router gives a new navigate per location; the page's handlers must not change with it
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;
  const page = useMemo<RoutePage>(
    () => ({
      search: () => own.search,
      replaceSearch: (search) => {
        own.search = search;
        navigateRef.current({ pathname: own.pathname, search }, { replace: true });
      },
      nameTitle: (title) => namePage(own.pathname, title),
    }),
    [own],
  );
  return <RoutePageContext.Provider value={page}>{children}</RoutePageContext.Provider>;
}

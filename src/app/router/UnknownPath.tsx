import { useEffect, useState } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { Forbidden } from '../../../renderers/common/Forbidden';
import { account } from '../http/account-api';
import { RoutePageProvider } from './RoutePageProvider';

/**
 * An address none of the user's routes matches: the browser knows only the user's own menu, so the
 * server says whether it is a page the user is not granted (无权访问, the one 403 page) or no page
 * at all (the 404 page).
 */
export default function UnknownPath() {
  const { pathname } = useLocation();
  const [answer, setAnswer] = useState<{ pathname: string; forbidden: boolean } | null>(null);
  useEffect(() => {
    let live = true;
    const settle = (forbidden: boolean) => live && setAnswer({ pathname, forbidden });
    account
      .pageAccess(pathname)
      .then((res) => settle(res.success && res.result.exists && !res.result.granted))
      // without an answer the address is treated as before: not found
      .catch(() => settle(false));
    return () => {
      live = false;
    };
  }, [pathname]);
  if (answer?.pathname !== pathname) return null;
  if (!answer.forbidden) return <Navigate to="/404" replace />;
  return (
    <RoutePageProvider>
      <Forbidden />
    </RoutePageProvider>
  );
}

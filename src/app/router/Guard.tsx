import { type ReactNode, useEffect, useEffectEvent, useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { Spin } from 'antd';
import { useSnapshot } from 'valtio';
import { isUnauthorized } from '../http/client';
import { t } from '../i18n/i18n';
import { loadPermissions, logout, session } from '../stores/session';
import { isOpenPath, isPhonePage } from './menu-routes';

/**
 * Guard rules 1, 3 and 6: without a token go to login with the full path as redirect;
 * with a token load the menu once; if that fails, log out and go to login.
 */
export function Guard({ children }: { children: ReactNode }) {
  const snap = useSnapshot(session);
  const location = useLocation();
  const navigate = useNavigate();
  const fullPath = location.pathname + location.search;
  const needsMenu =
    Boolean(snap.token) && snap.permissionList.length === 0 && !isPhonePage(location.pathname);
  const [failed, setFailed] = useState(false);

  // the menu is loaded once per session; the path at the failure is the redirect target
  const toLogin = useEffectEvent(() =>
    navigate(`/user/login?redirect=${encodeURIComponent(fullPath)}`, { replace: true }),
  );
  useEffect(() => {
    if (!needsMenu) return;
    let cancelled = false;
    loadPermissions().catch(async (e: unknown) => {
      // a 401 is the catalogue's: one notice, then the login page 1500 ms later
      if (cancelled || isUnauthorized(e)) return;
      setFailed(true);
      await logout();
      toLogin();
    });
    return () => {
      cancelled = true;
    };
  }, [needsMenu]);

  if (!snap.token && !isOpenPath(location.pathname))
    return <Navigate to={`/user/login?redirect=${encodeURIComponent(fullPath)}`} replace />;
  if (needsMenu && !failed)
    return (
      <div style={{ height: '100vh', display: 'grid', placeItems: 'center' }}>
        <Spin size="large" description={t('guard.loadingMenu')} />
      </div>
    );
  return <>{children}</>;
}

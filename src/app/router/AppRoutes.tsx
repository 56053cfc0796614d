import { lazy, type ReactNode, Suspense, useEffect, useEffectEvent, useMemo } from 'react';
import { Navigate, Outlet, Route, Routes, useLocation, useParams } from 'react-router-dom';
import { Spin } from 'antd';
import { useSnapshot } from 'valtio';
import { session, type MenuItem } from '../stores/session';
import { ONLINE_LIST_COMPONENT, preloadPageFor } from '../../../renderers/registry';
import { RouteRenderer } from '../../../renderers/RouteRenderer';
import { LIST_ROUTES } from '../../core/document/model';
import { DEFAULT_HOME, STORAGE_KEYS } from '../../core/constants';
import { redirectTarget } from '../../pages/user/redirect';
import { storage } from '../storage';
import BlankLayout from '../layouts/BlankLayout';
import { Guard } from './Guard';
import { lazyPage } from './lazy-page';
import { menuRoutes } from './menu-routes';
import { routeElement } from './components';
import { routeTable } from './route-table';
import { RoutePageProvider } from './RoutePageProvider';
import UserLayout from '../layouts/UserLayout';

// the console's chrome (menu, header, tabs, drawers) is not needed to sign in: its own chunk
const loadBasicLayout = () => import('../layouts/BasicLayout');
const BasicLayout = lazy(loadBasicLayout);
/** preloaded before the first render when index.html shows the static login page (main.tsx) */
export const Login = lazyPage(() => import('../../pages/user/Login'));
const Register = lazy(() => import('../../pages/user/Register'));
const RegisterResult = lazy(() => import('../../pages/user/RegisterResult'));
const Alteration = lazy(() => import('../../pages/user/Alteration'));
const NotFound = lazy(() => import('../../pages/exception/NotFound'));
const UnknownPath = lazy(() => import('./UnknownPath'));

function Loading() {
  return (
    <div style={{ padding: 48, textAlign: 'center' }}>
      <Spin />
    </div>
  );
}

const page = (node: ReactNode) => <Suspense fallback={<Loading />}>{node}</Suspense>;

/** guard rule 2: with a token, the login page sends you home */
function LoginRoute() {
  const snap = useSnapshot(session);
  const location = useLocation();
  if (snap.token)
    return <Navigate to={redirectTarget(new URLSearchParams(location.search).get('redirect'))} replace />;
  return page(<Login />);
}

/**
 * The source type of the enterprise-messaging client (rule 4): pages opened from it show
 * without the console's chrome. The spec does not give its value; this is the one the app writes
 * under SOURCE_TYPE when started from that client.
 */
export const ENTERPRISE_MESSAGING_SOURCE = 'WECHAT_ENTERPRISE';

/** the generic online-list routes: a document's list opens by URL even without its own menu entry */
const ONLINE_LIST_PREFIXES = [...new Set(Object.values(LIST_ROUTES))];

/** by its route's own :code, not the location: a kept-alive list stays itself while another tab shows */
function OnlineListRoute({ prefix }: { prefix: string }) {
  const { code = '' } = useParams();
  return (
    <RoutePageProvider>
      <RouteRenderer component={ONLINE_LIST_COMPONENT} path={`${prefix}${code}`} />
    </RoutePageProvider>
  );
}

function ConsoleLayout() {
  const { token } = useSnapshot(session);
  const { pathname } = useLocation();
  // signed in: fetch the chrome, the page's renderer and its document while the guard loads the menu
  // only the first path matters: later pages load while the console is already on screen
  const preloadFirstPage = useEffectEvent(() => preloadPageFor(pathname));
  useEffect(() => {
    if (!token) return;
    void loadBasicLayout();
    preloadFirstPage();
  }, [token]);
  if (storage.get<string>(STORAGE_KEYS.sourceType) === ENTERPRISE_MESSAGING_SOURCE)
    return <Guard>{page(<BlankLayout>{page(<Outlet />)}</BlankLayout>)}</Guard>;
  return <Guard>{page(<BasicLayout>{page(<Outlet />)}</BasicLayout>)}</Guard>;
}

export function AppRoutes() {
  const snap = useSnapshot(session);
  const routes = useMemo(() => menuRoutes(snap.permissionList as MenuItem[]), [snap.permissionList]);
  useEffect(() => {
    routeTable.routes = routes;
  }, [routes]);
  const loaded = snap.permissionList.length > 0;

  return (
    <Routes>
      <Route path="/user" element={<UserLayout />}>
        <Route index element={<Navigate to="/user/login" replace />} />
        <Route path="login" element={<LoginRoute />} />
        <Route path="register" element={page(<Register />)} />
        <Route path="register-result" element={page(<RegisterResult />)} />
        <Route path="alteration" element={page(<Alteration />)} />
      </Route>
      <Route path="/404" element={page(<NotFound />)} />
      <Route element={<ConsoleLayout />}>
        <Route index element={<Navigate to={DEFAULT_HOME} replace />} />
        {routes.map((r) => (
          <Route key={r.path} path={r.path} element={routeElement(r)} />
        ))}
        {ONLINE_LIST_PREFIXES.map((prefix) => (
          <Route key={prefix} path={`${prefix}:code`} element={<OnlineListRoute prefix={prefix} />} />
        ))}
        {/* until the menu is loaded every path waits in the guard; after it a path no granted route
            matches is 无权访问 or 404, as the server knows it; signed out (an open path without a
            page) it is 404 */}
        <Route
          path="*"
          element={!snap.token ? <Navigate to="/404" replace /> : loaded ? page(<UnknownPath />) : null}
        />
      </Route>
    </Routes>
  );
}

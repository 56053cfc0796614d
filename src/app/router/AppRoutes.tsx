import { lazy, Suspense, useEffect, useMemo, type ReactNode } from 'react';
import { Navigate, Outlet, Route, Routes, useLocation } from 'react-router-dom';
import { Spin } from 'antd';
import { useSnapshot } from 'valtio';
import { DEFAULT_HOME } from '../../core/constants';
import { session, type MenuItem } from '../stores/session';
import { preloadRendererFor } from '../../../renderers/registry';
import { Guard } from './Guard';
import { menuRoutes } from './menu-routes';
import { routeElement } from './components';
import { routeTable } from './route-table';
import UserLayout from '../layouts/UserLayout';

// the console's chrome (menu, header, tabs, drawers) is not needed to sign in: its own chunk
const loadBasicLayout = () => import('../layouts/BasicLayout');
const BasicLayout = lazy(loadBasicLayout);
const Login = lazy(() => import('../../pages/user/Login'));
const Register = lazy(() => import('../../pages/user/Register'));
const RegisterResult = lazy(() => import('../../pages/user/RegisterResult'));
const Alteration = lazy(() => import('../../pages/user/Alteration'));
const NotFound = lazy(() => import('../../pages/exception/NotFound'));

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
    return <Navigate to={new URLSearchParams(location.search).get('redirect') || DEFAULT_HOME} replace />;
  return page(<Login />);
}

function ConsoleLayout() {
  const { token } = useSnapshot(session);
  const { pathname } = useLocation();
  // signed in: fetch the chrome and the page's renderer while the guard loads the menu
  useEffect(() => {
    if (!token) return;
    void loadBasicLayout();
    preloadRendererFor(pathname);
    // only the first path matters: later pages load while the console is already on screen
  }, [token]);
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
        {/* until the menu is loaded every path waits in the guard; after, unknown paths are 404 (spec 2.1) */}
        <Route path="*" element={loaded ? <Navigate to="/404" replace /> : null} />
      </Route>
    </Routes>
  );
}

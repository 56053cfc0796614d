import { lazy, Suspense, useEffect, useMemo, type ReactNode } from 'react';
import { Navigate, Outlet, Route, Routes, useLocation } from 'react-router-dom';
import { Spin } from 'antd';
import { useSnapshot } from 'valtio';
import { DEFAULT_HOME } from '../../core/constants';
import { session, type MenuItem } from '../stores/session';
import { Guard } from './Guard';
import { menuRoutes } from './menu-routes';
import { routeElement } from './components';
import { routeTable } from './route-table';
import BasicLayout from '../layouts/BasicLayout';
import UserLayout from '../layouts/UserLayout';

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
  return (
    <Guard>
      <BasicLayout>{page(<Outlet />)}</BasicLayout>
    </Guard>
  );
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

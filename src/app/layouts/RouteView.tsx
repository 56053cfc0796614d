import { Outlet } from 'react-router-dom';

/** A menu group's component (layouts/RouteView): it only passes through to the child route. */
export default function RouteView() {
  return <Outlet />;
}

import type { ReactNode } from 'react';
import { Outlet } from 'react-router-dom';

/** A layout without chrome (visual pages, enterprise-messaging source type): the child route alone. */
export default function BlankLayout({ children }: { children?: ReactNode }) {
  return <div className="shell-blank-layout">{children ?? <Outlet />}</div>;
}

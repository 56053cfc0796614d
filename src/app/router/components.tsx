import { lazy, type ComponentType } from 'react';
import { RouteRenderer } from '../../../renderers/RouteRenderer';
import type { MenuRoute } from './menu-routes';
import { RoutePageProvider } from './RoutePageProvider';

/** bespoke pages by the component names the server menu uses; everything else goes to the renderer registry */
const PAGES: Record<string, ComponentType> = {
  'dashboard/Analysis': lazy(() => import('../../pages/dashboard/Analysis')),
};

function IframePage({ url, title }: { url: string; title: string }) {
  return (
    <iframe title={title} src={url} style={{ width: '100%', height: 'calc(100vh - 160px)', border: 0 }} />
  );
}

/** the element a menu route renders: a page, an iframe, a document renderer, or a visible error naming the component */
export function routeElement(r: MenuRoute) {
  const Page = PAGES[r.component];
  if (Page) return <Page />;
  if (r.component.startsWith('layouts/IframePageView') && r.url)
    return <IframePage url={r.url} title={r.title} />;
  return (
    <RoutePageProvider>
      <RouteRenderer component={r.component} path={r.path} componentName={r.componentName} />
    </RoutePageProvider>
  );
}

import { Spin } from 'antd';
import { Activity, Suspense, useRef, type ReactNode } from 'react';
import { useTabScroll } from './tab-scroll';
import { PageBoundary } from './PageBoundary';

export interface CachedPage {
  fullPath: string;
  keepAlive: boolean;
}

export interface PageCacheProps {
  /** the current route's element (the outlet for this location) */
  element: ReactNode;
  current: CachedPage;
  /** full paths of the open tabs: a kept page leaves the cache when its tab closes */
  openPaths: readonly string[];
  /** false when tabs are off (multipage off or mobile): only the current page is shown */
  enabled: boolean;
  /** bumped by 刷新: a new key re-mounts the page */
  reloadKeys: Readonly<Record<string, number>>;
}

/**
 * Keep-alive for tabs: pages whose route has meta.keepAlive keep their element,
 * cached by full path, mounted inside a hidden <Activity> while another tab shows, so their state
 * (search, page, selection, open drawers: portals hide with their page) survives, and the window
 * returns to where it was scrolled. Other pages mount fresh on every visit (home with keepAlive
 * false is refreshed).
 */
function PageLoading() {
  return (
    <div style={{ padding: 48, textAlign: 'center' }}>
      <Spin />
    </div>
  );
}

export default function PageCache({ element, current, openPaths, enabled, reloadKeys }: PageCacheProps) {
  const cache = useRef(new Map<string, ReactNode>());
  const map = cache.current;
  const kept = enabled && map.has(current.fullPath);
  if (enabled && current.keepAlive) map.set(current.fullPath, element);
  // a page whose keep-alive was switched off (菜单管理) leaves the cache when it is left
  else map.delete(current.fullPath);
  // the current page stays even before its tab is recorded (the tab opens in an effect after render)
  for (const key of [...map.keys()])
    if (!enabled || (key !== current.fullPath && !openPaths.includes(key))) map.delete(key);

  useTabScroll(current.fullPath, kept && current.keepAlive);

  const pages: [string, ReactNode][] = [...map.entries()];
  if (!map.has(current.fullPath)) pages.push([current.fullPath, element]);
  // one wrapper type for every page, so a page never re-mounts just because it entered the cache
  return (
    <>
      {pages.map(([fullPath, el]) => (
        <Activity
          key={`${fullPath}#${reloadKeys[fullPath] ?? 0}`}
          mode={fullPath === current.fullPath ? 'visible' : 'hidden'}
        >
          {/* each page suspends on its own lazy chunk, and fails on its own, without blanking the others */}
          {/* one box per page: hidden with its page, so the shown page is the one visible box */}
          <div className="shell-tab-page">
            <PageBoundary fullPath={fullPath}>
              <Suspense fallback={<PageLoading />}>{el}</Suspense>
            </PageBoundary>
          </div>
        </Activity>
      ))}
    </>
  );
}

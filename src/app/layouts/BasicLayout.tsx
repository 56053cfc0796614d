import { Layout } from 'antd';
import { lazy, type ReactNode, Suspense, useEffect, useEffectEvent, useMemo } from 'react';
import { useLocation, useOutlet } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { onlineListOf } from '../../../renderers/registry';
import { DEFAULT_HOME, SIDEBAR_COLLAPSED_WIDTH, SIDEBAR_WIDTH } from '../../core/constants';
import { withoutListState } from '../../core/query/list-url';
import GlobalHeader from '../header/GlobalHeader';
import { settings, updateSetting } from '../stores/settings';
import { documentTitle } from '../tabs/document-title';
import PageCache from '../tabs/PageCache';
import TabBar from '../tabs/TabBar';
import type { TabPage } from '../tabs/tabs-model';
import { openPage, remountPending, tabs } from '../tabs/tabs-store';
import { useAutoHideHeader } from './auto-hide-header';
import { breadcrumbItems, homeTitle } from './breadcrumb';
import { useDeviceDetection } from './device';
import GlobalFooter from './GlobalFooter';
import Logo from './Logo';
import { findMenuTrail } from './menu-tree';
import PageContent from './PageContent';
import { systemName } from './platform';
import SideMenu from './SideMenu';
import { useMenu } from './use-menu';
import './shell.css';
import { t } from '../i18n/i18n';

// the menu's drawer exists on phones only: a desktop never loads it
const Drawer = lazy(() => import('antd/es/drawer'));

/** what a route may tell the layout beyond the menu entry (pages outside the menu, descriptions) */
export interface RouteMetaOverride {
  title?: string;
  description?: ReactNode;
  keepAlive?: boolean;
  componentName?: string;
}

export interface BasicLayoutProps {
  /**
   * The routed page element, used only when the layout is not a layout route. As a layout route it
   * caches its child route's element (useOutlet) per full path instead: an <Outlet/> passed here
   * would always render the current route, so kept-alive tabs would all show the same page.
   */
  children?: ReactNode;
  meta?: RouteMetaOverride;
}

/** colour-weak mode: a filter on the root element, removed when the layout goes away */
function useColorWeak(on: boolean): void {
  useEffect(() => {
    document.documentElement.classList.toggle('shell-color-weak', on);
    return () => document.documentElement.classList.remove('shell-color-weak');
  }, [on]);
}

/**
 * The signed-in console: side or top menu, global header, tabs, breadcrumb and
 * page header, content and footer. Mount it as the layout route above the menu routes.
 */
export default function BasicLayout({ children, meta }: BasicLayoutProps) {
  const s = useSnapshot(settings);
  const { state, reloadKeys, pageTitles, pendingReload } = useSnapshot(tabs);
  const menu = useMenu();
  const location = useLocation();
  const outlet = useOutlet();
  useDeviceDetection();
  useColorWeak(s.colorWeak);

  const mobile = s.device === 'mobile';
  const top = s.layoutMode === 'topmenu';
  const collapsed = !s.sidebarOpened;
  const onHome = location.pathname === DEFAULT_HOME;

  // the current page as a tab: title and keep-alive from its menu entry (or the route's override),
  // else the title the page gave itself (an online list's document); keyed without a list's own state
  const trail = useMemo(() => findMenuTrail(menu, location.pathname), [menu, location.pathname]);
  const entry = trail.at(-1);
  const href = location.pathname + location.search;
  const fullPath = withoutListState(href);
  const menuTitle = meta?.title ?? entry?.meta.title ?? (onHome ? homeTitle() : '');
  const page: TabPage = {
    fullPath,
    href,
    path: location.pathname,
    title: menuTitle || pageTitles[location.pathname] || location.pathname,
    keepAlive: meta?.keepAlive ?? Boolean(entry?.meta.keepAlive),
    componentName: meta?.componentName ?? entry?.meta.componentName,
  };
  // `/` and unknown paths only redirect (home, 404): they are not pages and get no tab
  const isPage = onHome || Boolean(meta) || Boolean(entry) || onlineListOf(location.pathname) !== null;
  const openThisPage = useEffectEvent(() => openPage(page));
  useEffect(() => {
    if (isPage) openThisPage();
    // the page is identified by these fields; a new object each render must not reopen it
  }, [isPage, page.fullPath, page.href, page.title, page.keepAlive, page.componentName]);

  useEffect(() => remountPending(href), [href, pendingReload]);

  // a replaced tab title wins over the menu title everywhere
  const title = state.pages.find((p) => p.fullPath === fullPath)?.title ?? page.title;
  useEffect(() => {
    // a redirect is not a page: the page it leads to names the document
    if (isPage) document.title = documentTitle(title, systemName(), onHome);
  }, [isPage, title, onHome]);

  const crumbs = useMemo(
    () => breadcrumbItems(trail, title, location.pathname),
    [trail, title, location.pathname],
  );
  const headerVisible = useAutoHideHeader(s.fixedHeader && s.autoHideHeader);
  const showTabs = s.multipage && !mobile;
  const narrow = top && s.contentWidth === 'Fixed';
  const closeDrawer = () => updateSetting('sidebarOpened', false);
  const dark = s.navTheme === 'dark';

  return (
    <Layout
      className={`shell ${top ? 'shell-top' : 'shell-side'}`}
      hasSider={!top && !mobile}
      data-device={s.device}
    >
      {!top && !mobile && (
        <Layout.Sider
          className={`shell-sider${s.fixSiderbar ? ' shell-sider-fixed' : ''}`}
          width={SIDEBAR_WIDTH}
          collapsedWidth={SIDEBAR_COLLAPSED_WIDTH}
          collapsible
          collapsed={collapsed}
          trigger={null}
          theme={s.navTheme}
        >
          <Logo collapsed={collapsed} dark={dark} />
          <SideMenu theme={s.navTheme} collapsed={collapsed} />
        </Layout.Sider>
      )}
      {mobile && (
        <Suspense fallback={null}>
          <Drawer
            placement="left"
            open={s.sidebarOpened}
            onClose={closeDrawer}
            size={SIDEBAR_WIDTH}
            closable={false}
            aria-label={t('layout.navigation')}
            styles={{ body: { padding: 0, background: dark ? '#001529' : '#fff' } }}
          >
            <Logo dark={dark} />
            <SideMenu theme={s.navTheme} onNavigate={closeDrawer} />
          </Drawer>
        </Suspense>
      )}
      <Layout className="shell-main">
        <GlobalHeader
          layoutMode={s.layoutMode}
          navTheme={s.navTheme}
          device={s.device}
          collapsed={collapsed}
          onToggle={() => updateSetting('sidebarOpened', collapsed)}
          fixed={s.fixedHeader}
          visible={headerVisible}
          narrow={narrow}
        />
        {showTabs && <TabBar />}
        <Layout.Content className="shell-content">
          <div className={narrow ? 'shell-narrow' : undefined}>
            <PageContent title={title} description={meta?.description} breadcrumb={crumbs} hideTitle={onHome}>
              <PageCache
                element={outlet ?? children}
                current={{ fullPath, keepAlive: Boolean(page.keepAlive) }}
                openPaths={state.pages.map((p) => p.fullPath)}
                enabled={showTabs}
                reloadKeys={reloadKeys}
              />
            </PageContent>
          </div>
        </Layout.Content>
        <GlobalFooter />
      </Layout>
    </Layout>
  );
}

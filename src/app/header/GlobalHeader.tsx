import { ApartmentOutlined, MenuFoldOutlined, MenuUnfoldOutlined, SettingOutlined } from '@ant-design/icons';
import { Layout } from 'antd';
import { lazy, Suspense, useCallback, useState } from 'react';
import { useSnapshot } from 'valtio';
import Logo from '../layouts/Logo';
import SideMenu from '../layouts/SideMenu';
import { DARK_NAV } from '../settings/theme';
import { session } from '../stores/session';
import type { Device, LayoutMode, NavTheme } from '../stores/settings';
import MenuSearch from './MenuSearch';
import NoticeBell from './notice/NoticeBell';
import { useOpenedOnce } from './opened-once';
import UserMenu from './UserMenu';
import { t } from '../i18n/i18n';

const DepartSwitchModal = lazy(() => import('./DepartSwitchModal'));
const SettingsDrawer = lazy(() => import('../settings/SettingsDrawer'));

export interface GlobalHeaderProps {
  layoutMode: LayoutMode;
  navTheme: NavTheme;
  device: Device;
  /** the sidebar (or the mobile drawer) is closed */
  collapsed: boolean;
  onToggle: () => void;
  /** fixed header: sticks to the top */
  fixed: boolean;
  /** false while auto-hidden after scrolling down */
  visible: boolean;
  /** top-menu layout with Fixed content width: the header row is 1200 px centred too */
  narrow: boolean;
}

/**
 * The global header: collapse trigger, system name (top menu or mobile), the top
 * menu, menu search, the notice bell, department switch, settings drawer and the user menu.
 */
export default function GlobalHeader(p: GlobalHeaderProps) {
  const [departOpen, setDepartOpen] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const closeDepart = useCallback(() => setDepartOpen(false), []);
  const departOpened = useOpenedOnce(departOpen);
  const settingsOpened = useOpenedOnce(settingsOpen);
  const mobile = p.device === 'mobile';
  const departName = useSnapshot(session).userInfo?.departName;
  const top = p.layoutMode === 'topmenu';
  const dark = top && p.navTheme === 'dark';

  const trigger = (
    <button
      type="button"
      className="shell-header-action shell-trigger"
      aria-label={t(p.collapsed ? 'header.expandMenu' : 'header.collapseMenu')}
      aria-expanded={!p.collapsed}
      title={t(p.collapsed ? 'header.expandMenu' : 'header.collapseMenu')}
      onClick={p.onToggle}
    >
      {p.collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
    </button>
  );

  return (
    <Layout.Header
      className={`shell-header${p.fixed ? ' shell-header-fixed' : ''}${p.visible ? '' : ' shell-header-hidden'}${dark ? ' shell-header-dark' : ''}`}
      style={dark ? { background: DARK_NAV } : undefined}
    >
      <div className={`shell-header-inner${p.narrow ? ' shell-narrow' : ''}`}>
        {/* top-menu layout offers the trigger on mobile only; the side menu always has one */}
        {(!top || mobile) && trigger}
        {(top || mobile) && <Logo collapsed={mobile} dark={dark} />}
        {top && !mobile ? (
          <SideMenu mode="horizontal" theme={p.navTheme} />
        ) : (
          <div className="shell-spacer" />
        )}
        <div className="shell-header-actions">
          <MenuSearch mobile={mobile} />
          <NoticeBell />
          <button
            type="button"
            className="shell-header-action"
            // the accessible name holds the shown department name, outside brackets (checkers and voice
            // control drop bracketed words): a name differing from the text confuses voice control
            aria-label={
              departName && !mobile
                ? t('header.switchDepartCurrent', { name: departName })
                : t('header.switchDepart')
            }
            title={
              departName ? t('header.switchDepartTitle', { name: departName }) : t('header.switchDepart')
            }
            onClick={() => setDepartOpen(true)}
          >
            <ApartmentOutlined aria-hidden />
            {departName && !mobile && <span className="shell-depart-name">{departName}</span>}
          </button>
          <button
            type="button"
            className="shell-header-action"
            aria-label={t('header.settings')}
            title={t('header.settings')}
            onClick={() => setSettingsOpen(true)}
          >
            <SettingOutlined />
          </button>
          <UserMenu showName={!mobile} />
        </div>
      </div>
      <Suspense fallback={null}>
        {departOpened && <DepartSwitchModal open={departOpen} onClose={closeDepart} />}
        {settingsOpened && <SettingsDrawer open={settingsOpen} onClose={() => setSettingsOpen(false)} />}
      </Suspense>
    </Layout.Header>
  );
}

import type { ReactNode } from 'react';
import { ConfigProvider } from 'antd';
import { useSnapshot } from 'valtio';
import { i18n } from './i18n/i18n';
import { settings } from './stores/settings';
import { themeConfig } from './settings/theme';

/**
 * antd's static dialogs (Modal.error of 登录已过期, the catalogue's notifications) render outside
 * the tree; this gives them the same locale and the theme as it is when they open.
 */
ConfigProvider.config({
  holderRender: (children) => (
    <ConfigProvider locale={i18n.antd} theme={themeConfig(settings)}>
      {children}
    </ConfigProvider>
  ),
});

/**
 * antd's locale and the settings' theme around the app: the browser's root and the build's login
 * shell share it. A language change mounts the tree afresh (the key), so every text is read again
 * from the new catalog; tabs and the session live outside React and stay.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  const snap = useSnapshot(settings);
  const lang = useSnapshot(i18n);
  return (
    <ConfigProvider key={lang.locale} locale={lang.antd} theme={themeConfig(snap)}>
      {children}
    </ConfigProvider>
  );
}

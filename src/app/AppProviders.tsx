import type { ReactNode } from 'react';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { useSnapshot } from 'valtio';
import { settings } from './stores/settings';
import { themeConfig } from './settings/theme';

/**
 * antd's static dialogs (Modal.error of 登录已过期, the catalogue's notifications) render outside
 * the tree; this gives them the same locale and the theme as it is when they open.
 */
ConfigProvider.config({
  holderRender: (children) => (
    <ConfigProvider locale={zhCN} theme={themeConfig(settings)}>
      {children}
    </ConfigProvider>
  ),
});

/** antd's locale and the settings' theme around the app: the browser's root and the build's login shell share it */
export function AppProviders({ children }: { children: ReactNode }) {
  const snap = useSnapshot(settings);
  return (
    <ConfigProvider locale={zhCN} theme={themeConfig(snap)}>
      {children}
    </ConfigProvider>
  );
}

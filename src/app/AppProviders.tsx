import type { ReactNode } from 'react';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { useSnapshot } from 'valtio';
import { settings } from './stores/settings';
import { themeConfig } from './settings/theme';

/** antd's locale and the settings' theme around the app: the browser's root and the build's login shell share it */
export function AppProviders({ children }: { children: ReactNode }) {
  const snap = useSnapshot(settings);
  return (
    <ConfigProvider locale={zhCN} theme={themeConfig(snap)}>
      {children}
    </ConfigProvider>
  );
}

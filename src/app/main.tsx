import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { useSnapshot } from 'valtio';
import { settings } from './stores/settings';
import { themeConfig } from './settings/theme';
import { AppRoutes } from './router/AppRoutes';

dayjs.locale('zh-cn');

function Root() {
  const snap = useSnapshot(settings);
  return (
    <ConfigProvider locale={zhCN} theme={themeConfig(snap)}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </ConfigProvider>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Root />
  </StrictMode>,
);

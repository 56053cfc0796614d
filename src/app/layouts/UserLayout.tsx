import { useEffect, type CSSProperties } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { theme } from 'antd';
import { BankOutlined } from '@ant-design/icons';
import { API_BASE } from '../http/api-base';
import { documentTitle } from '../tabs/document-title';
import { t } from '../i18n/i18n';
import { LanguageSwitch } from '../i18n/LanguageSwitch';
import type { MessageKey } from '../i18n/zh-CN';
import styles from './UserLayout.module.css';
import { fileUrl, readPlatformInfo, systemName } from './platform';

/** the titles of the pages under /user, for the browser tab */
const PAGE_TITLES: Record<string, MessageKey> = {
  login: 'user.pageLogin',
  register: 'user.pageRegister',
  'register-result': 'user.pageRegisterResult',
  alteration: 'user.pageAlteration',
};

/*
 * A light museum backdrop drawn in CSS only (no image request): warm paper tones, a soft light from
 * above and faint vertical "colonnade" bands along the bottom.
 */
const backdrop: CSSProperties = {
  minHeight: '100vh',
  position: 'relative',
  display: 'flex',
  flexDirection: 'column',
  backgroundColor: '#f5f1e8',
  backgroundImage: [
    'radial-gradient(ellipse 70% 50% at 50% 0%, rgba(255,255,255,0.95), rgba(255,255,255,0) 70%)',
    'repeating-linear-gradient(90deg, rgba(150,120,80,0.06) 0 28px, rgba(150,120,80,0) 28px 56px)',
    'linear-gradient(180deg, #f7f4ee 0%, #eef2f6 100%)',
  ].join(','),
  backgroundSize: '100% 100%, 100% 38%, 100% 100%',
  backgroundPosition: 'top, bottom, top',
  backgroundRepeat: 'no-repeat',
};

/** Spec 2.3 login layout: platform logo (if set) and system name, the nested page, an empty footer. */
export default function UserLayout() {
  const { token } = theme.useToken();
  const { pathname } = useLocation();
  const info = readPlatformInfo();
  const name = systemName(info);
  const logo = fileUrl(info.logoUrl, API_BASE);

  useEffect(() => {
    const page = PAGE_TITLES[pathname.split('/')[2] ?? ''];
    document.title = documentTitle(page && t(page), name, false);
  }, [pathname, name]);

  return (
    <div style={backdrop}>
      <LanguageSwitch />
      <main
        style={{
          flex: 1,
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'center',
          padding: 'clamp(32px, 10vh, 112px) 16px 32px',
        }}
      >
        <header style={{ textAlign: 'center', marginBottom: 32 }}>
          <div style={{ display: 'inline-flex', alignItems: 'center', gap: 12 }}>
            {logo ? (
              <img src={logo} alt="" style={{ height: 44, maxWidth: 120, objectFit: 'contain' }} />
            ) : (
              <BankOutlined aria-hidden style={{ fontSize: 36, color: token.colorPrimary }} />
            )}
            <h1
              style={{
                margin: 0,
                fontSize: 'clamp(22px, 5vw, 30px)',
                fontWeight: 600,
                letterSpacing: 2,
                color: token.colorTextHeading,
              }}
            >
              {name}
            </h1>
          </div>
        </header>
        <section
          className={styles.card}
          style={{
            // the links of the pages (忘记密码, 注册账户, 返回登录) in the theme's link colour
            ['--user-link' as string]: token.colorLink,
            ['--user-link-hover' as string]: token.colorLinkHover,
            width: '100%',
            maxWidth: 368,
            boxSizing: 'border-box',
            padding: '24px 24px 20px',
            background: token.colorBgContainer,
            borderRadius: token.borderRadiusLG,
            boxShadow: '0 8px 28px rgba(60, 45, 20, 0.10)',
          }}
        >
          <Outlet />
        </section>
      </main>
      {/* the login layout's footer is empty */}
      <footer style={{ minHeight: 24 }} />
    </div>
  );
}

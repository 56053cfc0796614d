import { DownOutlined, GlobalOutlined, LockOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Dropdown, Modal, type MenuProps } from 'antd';
import { lazy, Suspense, useCallback, useState } from 'react';
import { useSnapshot } from 'valtio';
import { useFileUrl } from '../../../renderers/common/use-file-url';
import { LOCALE_NAMES, LOCALES, isLocale } from '../../core/locale';
import { STORAGE_KEYS } from '../../core/constants';
import { chooseLocale } from '../i18n/choose-locale';
import { i18n, t } from '../i18n/i18n';
import { logout, session } from '../stores/session';
import { storage } from '../storage';
import { resetTabs } from '../tabs/tabs-store';
import { useOpenedOnce } from './opened-once';

const ChangePasswordModal = lazy(() => import('./ChangePasswordModal'));

/**
 * User-initiated logout: call logout, clear all local storage, go to the login page. A full
 * load of the login page, so no page, cache or store of the old session lives on, and the guard
 * (which sees the token go) cannot add a redirect back to the page the user chose to leave.
 */
export async function signOut(): Promise<void> {
  await logout();
  resetTabs();
  const locale = i18n.locale;
  storage.clear();
  // the login page keeps the language this browser chose
  localStorage.setItem(STORAGE_KEYS.locale, locale);
  window.location.replace('/user/login');
}

/** The header user menu: avatar (+ nickname on desktop), 修改密码, the language and 退出登录. */
export default function UserMenu({ showName = true }: { showName?: boolean }) {
  const { userInfo } = useSnapshot(session);
  const { locale } = useSnapshot(i18n);
  const [modal, modalHolder] = Modal.useModal();
  const [passwordOpen, setPasswordOpen] = useState(false);
  const closePassword = useCallback(() => setPasswordOpen(false), []);
  const passwordOpened = useOpenedOnce(passwordOpen);
  const nickname = userInfo?.realname || userInfo?.username || '';
  const avatar = useFileUrl(userInfo?.avatar);

  const items: MenuProps['items'] = [
    { key: 'password', icon: <LockOutlined aria-hidden />, label: t('header.changePassword') },
    { type: 'divider' },
    // the languages as a group right in the menu (no submenu to hover open), the current one disabled
    {
      type: 'group',
      label: t('language.label'),
      children: LOCALES.map((l) => ({
        key: l,
        icon: <GlobalOutlined aria-hidden />,
        label: LOCALE_NAMES[l],
        disabled: l === locale,
      })),
    },
    { type: 'divider' },
    { key: 'logout', icon: <LogoutOutlined aria-hidden />, label: t('header.logout') },
  ];
  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'password') setPasswordOpen(true);
    if (isLocale(key)) void chooseLocale(key);
    if (key === 'logout')
      void modal.confirm({
        title: t('common.notice'),
        content: t('header.logoutConfirm'),
        okText: t('common.ok'),
        cancelText: t('common.cancel'),
        onOk: signOut,
      });
  };

  return (
    <>
      <Dropdown menu={{ items, onClick }} trigger={['click']} placement="bottomRight">
        <button
          type="button"
          className="shell-header-action shell-user"
          aria-label={t('header.userMenu', { name: nickname }).trim()}
        >
          <Avatar size="small" src={avatar} icon={<UserOutlined />} alt="" />
          {showName && <span className="shell-user-name">{nickname}</span>}
          <DownOutlined className="shell-user-caret" aria-hidden />
        </button>
      </Dropdown>
      {passwordOpened && (
        <Suspense fallback={null}>
          <ChangePasswordModal open={passwordOpen} username={userInfo?.username} onClose={closePassword} />
        </Suspense>
      )}
      {modalHolder}
    </>
  );
}

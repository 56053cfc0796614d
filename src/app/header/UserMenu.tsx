import { DownOutlined, LockOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Dropdown, Modal, type MenuProps } from 'antd';
import { lazy, Suspense, useCallback, useState } from 'react';
import { useSnapshot } from 'valtio';
import { useFileUrl } from '../../../renderers/common/use-file-url';
import { logout, session } from '../stores/session';
import { storage } from '../storage';
import { resetTabs } from '../tabs/tabs-store';
import { useOpenedOnce } from './opened-once';

const ChangePasswordModal = lazy(() => import('./ChangePasswordModal'));

export const LOGOUT_CONFIRM = '真的要注销登录吗 ?';

/**
 * User-initiated logout: call logout, clear all local storage, go to the login page. A full
 * load of the login page, so no page, cache or store of the old session lives on, and the guard
 * (which sees the token go) cannot add a redirect back to the page the user chose to leave.
 */
export async function signOut(): Promise<void> {
  await logout();
  resetTabs();
  storage.clear();
  window.location.replace('/user/login');
}

/** The header user menu: avatar (+ nickname on desktop), 修改密码 and 退出登录. */
export default function UserMenu({ showName = true }: { showName?: boolean }) {
  const { userInfo } = useSnapshot(session);
  const [modal, modalHolder] = Modal.useModal();
  const [passwordOpen, setPasswordOpen] = useState(false);
  const closePassword = useCallback(() => setPasswordOpen(false), []);
  const passwordOpened = useOpenedOnce(passwordOpen);
  const nickname = userInfo?.realname || userInfo?.username || '';
  const avatar = useFileUrl(userInfo?.avatar);

  const items: MenuProps['items'] = [
    { key: 'password', icon: <LockOutlined aria-hidden />, label: '修改密码' },
    { type: 'divider' },
    { key: 'logout', icon: <LogoutOutlined aria-hidden />, label: '退出登录' },
  ];
  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'password') setPasswordOpen(true);
    if (key === 'logout')
      void modal.confirm({
        title: '提示',
        content: LOGOUT_CONFIRM,
        okText: '确定',
        cancelText: '取消',
        onOk: signOut,
      });
  };

  return (
    <>
      <Dropdown menu={{ items, onClick }} trigger={['click']} placement="bottomRight">
        <button
          type="button"
          className="shell-header-action shell-user"
          aria-label={`用户菜单 ${nickname}`.trim()}
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

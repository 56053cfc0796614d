import { CloseOutlined, DownOutlined } from '@ant-design/icons';
import { Dropdown, Tabs, type MenuProps } from 'antd';
import type { KeyboardEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { TAB_BAR_HEIGHT } from '../../core/constants';
import { isHome, tabActions } from './tabs-model';
import {
  closeLeftOf,
  closeOthersThan,
  closePage,
  closeRightOf,
  reloadPage,
  tabHref,
  tabs,
} from './tabs-store';
import { t } from '../i18n/i18n';

type Action = 'reload' | 'close' | 'closeLeft' | 'closeRight' | 'closeOthers';

/** the context actions for one tab, disabled where they would do nothing */
function actionItems(fullPath: string): MenuProps['items'] {
  const can = tabActions(tabs.state, fullPath);
  return [
    { key: 'reload', label: t('tabs.reload') },
    { key: 'close', label: t('tabs.close'), disabled: !can.close },
    { key: 'closeLeft', label: t('tabs.closeLeft'), disabled: !can.closeLeft },
    { key: 'closeRight', label: t('tabs.closeRight'), disabled: !can.closeRight },
    { key: 'closeOthers', label: t('tabs.closeOthers'), disabled: !can.closeOthers },
  ];
}

/** The multipage tab bar: card tabs keyed by full path, 52 px high. */
export default function TabBar() {
  const { state } = useSnapshot(tabs);
  const navigate = useNavigate();
  const go = (target: string | undefined) => {
    if (target) navigate(target);
  };

  const run = (action: Action, fullPath: string) => {
    if (action === 'reload') {
      // refresh shows the tab and re-mounts its page afresh: without the list state of its address
      navigate(fullPath, { replace: tabs.state.active === fullPath });
      reloadPage(fullPath);
    } else if (action === 'close') go(closePage(fullPath));
    else if (action === 'closeLeft') go(closeLeftOf(fullPath));
    else if (action === 'closeRight') go(closeRightOf(fullPath));
    else go(closeOthersThan(fullPath));
  };

  /*
   * A tab closes by its ×, by Delete while it has the focus, or by 关闭 in its menus. The × is
   * drawn in the label, hidden from assistive technology, rather than as antd's close button: a
   * button in the tablist is not a tab (screen readers then misread the list), and the keyboard way
   * is the one the ARIA tabs pattern gives deletable tabs.
   */
  const items = state.pages.map((page) => ({
    key: page.fullPath,
    closable: false,
    label: (
      <Dropdown
        trigger={['contextMenu']}
        menu={{ items: actionItems(page.fullPath), onClick: ({ key }) => run(key as Action, page.fullPath) }}
      >
        <span className="shell-tab-label">
          {isHome(page) ? t('layout.home') : page.title}
          {!isHome(page) && (
            <span
              className="shell-tab-close"
              aria-hidden
              onClick={(e) => {
                e.stopPropagation();
                go(closePage(page.fullPath));
              }}
            >
              <CloseOutlined />
            </span>
          )}
        </span>
      </Dropdown>
    ),
  }));

  const closeFocused = (e: KeyboardEvent) => {
    if (e.key !== 'Delete') return;
    const key = (e.target as HTMLElement).closest('[data-node-key]')?.getAttribute('data-node-key');
    const page = state.pages.find((p) => p.fullPath === key);
    if (page && !isHome(page)) go(closePage(page.fullPath));
  };

  // the same actions for the active tab from a button, so they are reachable by keyboard
  const extra = (
    <Dropdown
      trigger={['click']}
      menu={{ items: actionItems(state.active), onClick: ({ key }) => run(key as Action, state.active) }}
    >
      <button
        type="button"
        className="shell-tab-more"
        aria-label={t('tabs.actions')}
        title={t('tabs.actions')}
      >
        <DownOutlined />
      </button>
    </Dropdown>
  );

  return (
    <div className="shell-tabbar" style={{ height: TAB_BAR_HEIGHT }} onKeyDown={closeFocused}>
      <Tabs
        type="card"
        size="small"
        activeKey={state.active}
        items={items}
        onChange={(key) => navigate(tabHref(key))}
        tabBarStyle={{ margin: 0 }}
      />
      {/* beside the tab list, not in it: a tablist may hold only tabs */}
      {extra}
    </div>
  );
}

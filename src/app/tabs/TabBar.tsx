import { DownOutlined } from '@ant-design/icons';
import { Dropdown, Tabs, type MenuProps } from 'antd';
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

type Action = 'reload' | 'closeLeft' | 'closeRight' | 'closeOthers';

/** the context actions for one tab, disabled where they would do nothing */
function actionItems(fullPath: string): MenuProps['items'] {
  const can = tabActions(tabs.state, fullPath);
  return [
    { key: 'reload', label: '刷新' },
    { key: 'closeLeft', label: '关闭左侧', disabled: !can.closeLeft },
    { key: 'closeRight', label: '关闭右侧', disabled: !can.closeRight },
    { key: 'closeOthers', label: '关闭其他', disabled: !can.closeOthers },
  ];
}

/** The multipage tab bar: editable-card tabs keyed by full path, 52 px high. */
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
    } else if (action === 'closeLeft') go(closeLeftOf(fullPath));
    else if (action === 'closeRight') go(closeRightOf(fullPath));
    else go(closeOthersThan(fullPath));
  };

  const items = state.pages.map((page) => ({
    key: page.fullPath,
    closable: !isHome(page),
    label: (
      <Dropdown
        trigger={['contextMenu']}
        menu={{ items: actionItems(page.fullPath), onClick: ({ key }) => run(key as Action, page.fullPath) }}
      >
        <span className="shell-tab-label">{page.title}</span>
      </Dropdown>
    ),
  }));

  // the same actions for the active tab from a button, so they are reachable by keyboard
  const extra = (
    <Dropdown
      trigger={['click']}
      menu={{ items: actionItems(state.active), onClick: ({ key }) => run(key as Action, state.active) }}
    >
      <button type="button" className="shell-tab-more" aria-label="标签页操作" title="标签页操作">
        <DownOutlined />
      </button>
    </Dropdown>
  );

  return (
    <div className="shell-tabbar" style={{ height: TAB_BAR_HEIGHT }}>
      <Tabs
        type="editable-card"
        hideAdd
        size="small"
        activeKey={state.active}
        items={items}
        onChange={(key) => navigate(tabHref(key))}
        onEdit={(key, action) => {
          if (action === 'remove' && typeof key === 'string') go(closePage(key));
        }}
        tabBarStyle={{ margin: 0 }}
      />
      {/* beside the tab list, not in it: a tablist may hold only tabs */}
      {extra}
    </div>
  );
}

import { Menu, type MenuProps } from 'antd';
import { useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { NavTheme } from '../stores/settings';
import { MenuIcon, useMenuIcons } from '../../../renderers/common/menu-icons';
import { buildNavTree, findMenuTrail, findNavNode, menuSelection, type NavNode } from './menu-tree';
import { useMenu } from './use-menu';
import { t } from '../i18n/i18n';

type Items = NonNullable<MenuProps['items']>;

function toItems(nodes: NavNode[], withIcons: boolean): Items {
  return nodes.map((n) => ({
    key: n.key,
    icon: withIcons ? <MenuIcon name={n.icon} /> : undefined,
    // external entries are real links (new window); in-app ones navigate on select, keyboard included
    label: n.href ? (
      <a href={n.href} target={n.target} rel="noopener noreferrer">
        {n.title}
      </a>
    ) : (
      n.title
    ),
    children: n.children ? toItems(n.children, withIcons) : undefined,
  }));
}

function iconNames(nodes: NavNode[]): (string | undefined)[] {
  return nodes.flatMap((n) => [n.icon, ...(n.children ? iconNames(n.children) : [])]);
}

export interface SideMenuProps {
  /** inline in the sider / drawer, horizontal in the top-menu header */
  mode?: 'inline' | 'horizontal';
  theme: NavTheme;
  /** the sider is collapsed: antd then shows submenus as pop-ups, so open keys are not forced */
  collapsed?: boolean;
  /** after a selection (the mobile drawer closes) */
  onNavigate?: () => void;
}

/** The sidebar / top menu built from the server menu tree. */
export default function SideMenu({ mode = 'inline', theme, collapsed = false, onNavigate }: SideMenuProps) {
  const menu = useMenu();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const nodes = useMemo(() => buildNavTree(menu), [menu]);
  const items = useMemo(() => toItems(nodes, true), [nodes]);
  // the menu draws once its icons are here, not with boxes that fill in one by one
  const iconsLoaded = useMenuIcons(useMemo(() => iconNames(nodes), [nodes]));
  const rootKeys = useMemo(() => nodes.filter((n) => n.children).map((n) => n.key), [nodes]);
  const selection = useMemo(() => menuSelection(findMenuTrail(menu, pathname)), [menu, pathname]);

  // open submenus follow the route (a path outside the menu leaves them as they are); the user may
  // open others in between, one root submenu at a time as in the original
  const [open, setOpen] = useState({ path: pathname, keys: selection.openKeys });
  if (open.path !== pathname)
    setOpen({ path: pathname, keys: selection.selectedKeys.length ? selection.openKeys : open.keys });

  const onOpenChange = (keys: string[]) => {
    const latest = keys.find((k) => !open.keys.includes(k));
    const next =
      latest && rootKeys.includes(latest) ? keys.filter((k) => !rootKeys.includes(k) || k === latest) : keys;
    setOpen({ path: pathname, keys: next });
  };

  const onClick: MenuProps['onClick'] = ({ key, domEvent }) => {
    const node = findNavNode(nodes, key);
    if (!node) return;
    if (node.href) {
      // a mouse click already followed the link; the keyboard has to open it here
      if (domEvent.type === 'keydown') window.open(node.href, node.target ?? '_blank', 'noopener');
    } else if (node.to !== pathname) navigate(node.to);
    onNavigate?.();
  };

  const inline = mode === 'inline';
  if (!iconsLoaded) return null;
  return (
    <Menu
      mode={mode}
      theme={theme}
      items={items}
      selectedKeys={selection.selectedKeys}
      onClick={onClick}
      aria-label={t('layout.navigation')}
      style={inline ? { borderInlineEnd: 0 } : { flex: 1, minWidth: 0, borderBottom: 0, lineHeight: '62px' }}
      {...(inline && !collapsed ? { openKeys: open.keys, onOpenChange } : {})}
    />
  );
}

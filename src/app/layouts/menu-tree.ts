import type { MenuItem } from '../stores/session';

/**
 * Pure rules over the server menu tree: which entries the sidebar draws, where
 * each goes, and which entry the current path belongs to. Kept free of React so they are unit-tested.
 */

/** one entry as the sidebar draws it */
export interface NavNode {
  /** the entry's path: the antd Menu key, so selection can follow the route */
  key: string;
  title: string;
  icon?: string;
  /** in-app target: the route registered for the entry (normalised path) or, for route '0', the raw path */
  to: string;
  /** set for entries with a target or an external address: drawn as a plain link opening a new window */
  href?: string;
  target?: string;
  children?: NavNode[];
}

/** guard rule 4: menu paths start with a slash */
export function normalisePath(path: string): string {
  if (!path) return '/';
  return path.startsWith('/') ? path : `/${path}`;
}

function keyOf(item: MenuItem): string {
  return normalisePath(item.path || item.id);
}

/** an entry opening outside the app: the Vue menu's meta.target, or an external page flagged to open in a new window */
export function externalTarget(item: MenuItem): { href: string; target: string } | undefined {
  const meta = item.meta as MenuItem['meta'] & { target?: string };
  if (meta.target) return { href: meta.url || item.path, target: meta.target };
  if (meta.internalOrExternal && meta.url) return { href: meta.url, target: '_blank' };
  return undefined;
}

/** entries with children become submenus unless alwaysShow (then they are a leaf going to their own path) */
function isSubmenu(item: MenuItem): boolean {
  return Boolean(item.children?.some((c) => !c.hidden)) && !item.alwaysShow;
}

/** the sidebar tree: hidden entries skipped, route '0' entries go by raw path, external ones are links */
export function buildNavTree(menu: readonly MenuItem[]): NavNode[] {
  const out: NavNode[] = [];
  for (const item of menu) {
    if (item.hidden) continue;
    const node: NavNode = {
      key: keyOf(item),
      title: item.meta?.title ?? item.name,
      icon: item.meta?.icon,
      to: item.route === '0' ? item.path : normalisePath(item.path),
    };
    const ext = externalTarget(item);
    if (ext) Object.assign(node, ext);
    if (isSubmenu(item)) node.children = buildNavTree(item.children!);
    out.push(node);
  }
  return out;
}

/** finds a node by key anywhere in the tree */
export function findNavNode(nodes: readonly NavNode[], key: string): NavNode | undefined {
  for (const n of nodes) {
    if (n.key === key) return n;
    const hit = n.children && findNavNode(n.children, key);
    if (hit) return hit;
  }
  return undefined;
}

function stripTrailingSlash(p: string): string {
  return p.length > 1 ? p.replace(/\/+$/, '') : p;
}

/** a menu path with :params (the generic online routes) matches any value in that segment */
function pathMatches(pattern: string, pathname: string): boolean {
  const a = stripTrailingSlash(normalisePath(pattern)).split('/');
  const b = stripTrailingSlash(pathname).split('/');
  return a.length === b.length && a.every((seg, i) => seg.startsWith(':') || seg === b[i]);
}

function search(
  menu: readonly MenuItem[],
  test: (item: MenuItem) => boolean,
  parents: MenuItem[],
): MenuItem[] | undefined {
  for (const item of menu) {
    const trail = [...parents, item];
    if (item.path && test(item)) return trail;
    const hit = item.children && search(item.children, test, trail);
    if (hit) return hit;
  }
  return undefined;
}

/**
 * The entries from the root down to the one the path belongs to (like the Vue route's `matched`).
 * An exact path wins over a :param pattern. Empty when the path is not in the menu.
 */
export function findMenuTrail(menu: readonly MenuItem[], pathname: string): MenuItem[] {
  const p = stripTrailingSlash(pathname);
  const external = (i: MenuItem) => Boolean(externalTarget(i));
  return (
    search(menu, (i) => !external(i) && stripTrailingSlash(normalisePath(i.path)) === p, []) ??
    search(menu, (i) => !external(i) && i.path.includes(':') && pathMatches(i.path, p), []) ??
    []
  );
}

/**
 * Which sidebar entry is selected and which submenus are open for a trail: the deepest entry the
 * sidebar actually draws, so a hidden child route (or a child of an alwaysShow entry) highlights its parent.
 */
export function menuSelection(trail: readonly MenuItem[]): { selectedKeys: string[]; openKeys: string[] } {
  let selected: MenuItem | undefined;
  const open: string[] = [];
  for (let i = 0; i < trail.length; i++) {
    const item = trail[i];
    if (item.hidden) break;
    if (i > 0 && !isSubmenu(trail[i - 1])) break;
    if (selected) open.push(keyOf(selected));
    selected = item;
  }
  return { selectedKeys: selected ? [keyOf(selected)] : [], openKeys: open };
}

/** components that only frame other pages; they are not destinations of the menu search */
const FRAME_LAYOUTS = /(^|\/)(RouteView|BasicLayout|TabLayout|BlankLayout|UserLayout|PageView|GlobalLayout)$/;

/** a page showing an outside address inside the app (IframePageView, or any entry carrying an external url) */
export function isIframePage(item: MenuItem): boolean {
  const url = item.meta?.url ?? '';
  return Boolean(url) && (/IframePageView$/.test(item.component ?? '') || /^(https?:)?\/\//.test(url));
}

/** every visible, non-layout entry (menu search); hidden entries hide their subtree */
export function searchableEntries(menu: readonly MenuItem[]): MenuItem[] {
  const out: MenuItem[] = [];
  const walk = (items: readonly MenuItem[]) => {
    for (const item of items) {
      if (item.hidden) continue;
      if (!FRAME_LAYOUTS.test(item.component ?? '') && !isSubmenu(item)) out.push(item);
      if (item.children) walk(item.children);
    }
  };
  walk(menu);
  return out;
}

/** case-insensitive substring on the title */
export function matchesTitle(item: MenuItem, text: string): boolean {
  return (item.meta?.title ?? '').toLowerCase().includes(text.trim().toLowerCase());
}

/** where choosing a search entry goes: a new window for external and iframe pages, else the path */
export function searchDestination(item: MenuItem): { open: string } | { navigate: string } {
  const ext = externalTarget(item);
  if (ext) return { open: ext.href };
  if (isIframePage(item)) return { open: item.meta.url! };
  return { navigate: item.route === '0' ? item.path : normalisePath(item.path) };
}

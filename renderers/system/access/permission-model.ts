/**
 * The rules of 菜单管理 that need no React: the node shape of GET /sys/permission/list, the texts of
 * the menu types, which form fields each type has, and how a node becomes form values and form
 * values the body of /sys/permission/add and edit (src/server/sys/permission/routes.ts).
 */

/** menu_type: '0' 一级菜单, '1' 子菜单, '2' 按钮权限 */
export type MenuType = '0' | '1' | '2';

export const MENU_TYPE_TEXT: Record<MenuType, string> = {
  '0': '一级菜单',
  '1': '子菜单',
  '2': '按钮权限',
};

/** a node of GET /sys/permission/list: every column in camelCase plus key, title, isLeaf, children */
export interface PermissionNode {
  id: string;
  parentId?: string | null;
  name: string;
  menuType: number | string;
  url?: string | null;
  component?: string | null;
  componentName?: string | null;
  redirect?: string | null;
  icon?: string | null;
  sortNo?: number | string | null;
  perms?: string | null;
  permsType?: string | null;
  status?: string | null;
  isRoute?: boolean | null;
  hidden?: boolean | null;
  keepAlive?: boolean | null;
  alwaysShow?: boolean | null;
  internalOrExternal?: boolean | null;
  description?: string | null;
  ruleFlag?: number | null;
  children?: PermissionNode[];
}

export function menuTypeOf(node: Pick<PermissionNode, 'menuType'>): MenuType {
  const t = String(node.menuType);
  return t === '1' || t === '2' ? t : '0';
}

export const isButton = (node: Pick<PermissionNode, 'menuType'>) => menuTypeOf(node) === '2';

/** the values of the add / edit form (the request's field names; `route` is the column is_route) */
export interface PermissionFormValues {
  menuType: MenuType;
  name: string;
  parentId?: string;
  url?: string;
  component?: string;
  componentName?: string;
  redirect?: string;
  icon?: string;
  sortNo?: number;
  route: boolean;
  hidden: boolean;
  keepAlive: boolean;
  alwaysShow: boolean;
  internalOrExternal: boolean;
  perms?: string;
  permsType: '1' | '2';
  status: '0' | '1';
}

export type FormField = Exclude<keyof PermissionFormValues, 'menuType'>;

const MENU_FIELDS: readonly FormField[] = [
  'name',
  'parentId',
  'url',
  'component',
  'componentName',
  'redirect',
  'icon',
  'sortNo',
  'route',
  'hidden',
  'keepAlive',
  'alwaysShow',
  'internalOrExternal',
];
const BUTTON_FIELDS: readonly FormField[] = ['name', 'parentId', 'perms', 'permsType', 'status'];

/**
 * The fields the form shows for a menu type: a 一级菜单 has no parent; only it has a 默认跳转地址
 * (the server menu carries redirect on top-level entries only, reference 2.2); a button has its
 * permission code, strategy and status instead of the route settings.
 */
export function fieldsOf(type: MenuType): readonly FormField[] {
  if (type === '2') return BUTTON_FIELDS;
  if (type === '0') return MENU_FIELDS.filter((f) => f !== 'parentId');
  return MENU_FIELDS.filter((f) => f !== 'redirect');
}

/** spec: 授权标识 such as system:user:add; the characters the server accepts */
export const PERMS_PATTERN = /^[A-Za-z0-9_:.,-]+$/;

const str = (v: unknown) => (v === undefined || v === null ? undefined : String(v));

/**
 * The form's starting values: a node being edited, or a new entry (under `parent` for 添加下级,
 * as a 子菜单 of a menu, else a 一级菜单). New menus are routes, sorted 1, buttons valid and shown.
 */
export function formValuesOf(node?: PermissionNode, parent?: PermissionNode): PermissionFormValues {
  if (!node)
    return {
      menuType: parent ? '1' : '0',
      name: '',
      parentId: parent?.id,
      sortNo: 1,
      route: true,
      hidden: false,
      keepAlive: false,
      alwaysShow: false,
      internalOrExternal: false,
      permsType: '1',
      status: '1',
    };
  return {
    menuType: menuTypeOf(node),
    name: node.name,
    parentId: str(node.parentId),
    url: str(node.url),
    component: str(node.component),
    componentName: str(node.componentName),
    redirect: str(node.redirect),
    icon: str(node.icon),
    sortNo: node.sortNo === undefined || node.sortNo === null ? undefined : Number(node.sortNo),
    route: node.isRoute !== false,
    hidden: Boolean(node.hidden),
    keepAlive: Boolean(node.keepAlive),
    alwaysShow: Boolean(node.alwaysShow),
    internalOrExternal: Boolean(node.internalOrExternal),
    perms: str(node.perms),
    permsType: node.permsType === '2' ? '2' : '1',
    status: node.status === '0' ? '0' : '1',
  };
}

/**
 * The body of add / edit: the fields of the chosen type. An edit starts from the node, because the
 * server rewrites every column it is sent or not (a missing componentName would be cleared, and a
 * document menu's componentName names its document).
 */
export function payloadOf(values: PermissionFormValues, node?: PermissionNode): Record<string, unknown> {
  const body: Record<string, unknown> = node
    ? { ...formValuesOf(node), description: node.description ?? undefined }
    : {};
  for (const f of fieldsOf(values.menuType)) {
    const v = values[f];
    body[f] = typeof v === 'string' ? v.trim() : v;
  }
  body.menuType = values.menuType;
  if (values.menuType === '0') delete body.parentId;
  if (node) body.id = node.id;
  return body;
}

/** the ids of every node that has children (展开全部) */
export function branchIds(nodes: readonly PermissionNode[]): string[] {
  return nodes.flatMap((n) => (n.children?.length ? [n.id, ...branchIds(n.children)] : []));
}

/** the ids of a node and all below it */
export function subtreeIds(node: PermissionNode): string[] {
  return [node.id, ...(node.children ?? []).flatMap(subtreeIds)];
}

/** the path of ids from a root down to the node with `id` (its ancestors first), or [] */
export function pathTo(nodes: readonly PermissionNode[], id: string): string[] {
  for (const n of nodes) {
    if (n.id === id) return [n.id];
    const below = pathTo(n.children ?? [], id);
    if (below.length) return [n.id, ...below];
  }
  return [];
}

/** an option of the 上级菜单 tree select */
export interface ParentOption {
  value: string;
  title: string;
  children?: ParentOption[];
}

/**
 * The menus a node may hang under: every menu (buttons hold nothing), without the node itself and
 * what is below it (the server refuses such a loop).
 */
export function parentOptions(nodes: readonly PermissionNode[], editing?: string): ParentOption[] {
  return nodes
    .filter((n) => !isButton(n) && n.id !== editing)
    .map((n) => {
      const children = parentOptions(n.children ?? [], editing);
      return { value: n.id, title: n.name, ...(children.length ? { children } : {}) };
    });
}

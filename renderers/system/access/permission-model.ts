/**
 * A node of GET /sys/permission/list (src/server/sys/permission/tree.ts), as the grant editor's
 * tree reads it (use-permission-tree.ts). 菜单管理 itself is the document schemas/system/permission.json.
 */

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

import { buttonCode, LIST_ROUTES, type ButtonAction } from '../../src/core/document/model';
import type { EntityDocument } from '../../src/core/document/types';
import { excludedCodes, hasPermission, type Grants } from '../../src/core/permission';
import { useSession, type MenuEntry } from '../providers';

export type ActionGrants = Record<ButtonAction, boolean>;

type Coded = Pick<EntityDocument, 'permission' | 'codes'>;

/**
 * Which toolbar and row actions the user may see for a document: each needs its code
 * (`<permission><action>` unless the document's `codes` name another, or none); add and
 * batch_delete also disappear when excluded for the prefix. The server still checks every call;
 * this only decides what is shown.
 */
export function actionGrants(g: Grants, doc: Coded): ActionGrants {
  const excluded = new Set(excludedCodes(g, doc.permission));
  const may = (action: ButtonAction) => {
    const code = buttonCode(doc, action);
    return code !== false && hasPermission(g, code);
  };
  return {
    add: may('add') && !excluded.has('add'),
    edit: may('edit'),
    delete: may('delete'),
    batch_delete: may('batch_delete') && !excluded.has('batch_delete'),
    export: may('export'),
    import: may('import'),
  };
}

/** the user's button grants, for a screen's own actions (test a code with hasPermission) */
export function useGrants(): Grants {
  return useSession().grants;
}

export function useActionGrants(doc: Coded): ActionGrants {
  return actionGrants(useGrants(), doc);
}

/** does the menu tree hold a document's list route (its list permission)? */
export function holdsDocumentMenu(menu: readonly MenuEntry[], code: string): boolean {
  const routes = new Set(Object.values(LIST_ROUTES).map((r) => r + code));
  const walk = (items: readonly MenuEntry[]): boolean =>
    items.some((m) => routes.has(m.path) || walk(m.children ?? []));
  return walk(menu);
}

/**
 * A document opened inside another screen (字典项 in 数据字典, 部门角色 in 部门管理) has a hidden menu
 * that the user holds only when granted its list; the action that opens it shows only then. The
 * server refuses the list without it all the same.
 */
export function useHoldsDocumentMenu(code: string): boolean {
  return holdsDocumentMenu(useSession().menu, code);
}

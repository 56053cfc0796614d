import collectionsSchema from '../../../../schemas/_meta/collections.schema.json';
import type { Catalog } from '../catalog';
import type { EntityDocument, MenuGroup, MenuScreen } from '../types';
import type { Add, DocumentKind } from './kind';

/** menu groups, and the menu entries of hand-written screens (schemas/system/menus.json, *-screens.json) */
export const menus: DocumentKind = {
  schema: collectionsSchema,
  register(doc, file, { catalog, add, screenFiles }) {
    catalog.menuGroups.push(...(doc.groups as MenuGroup[]));
    for (const [i, screen] of ((doc.screens as MenuScreen[] | undefined) ?? []).entries()) {
      if (catalog.menuScreens.some((s) => s.key === screen.key || s.permission === screen.permission))
        add(file, `/screens/${i}`, `duplicate screen key or permission '${screen.key}'`);
      else {
        catalog.menuScreens.push(screen);
        screenFiles.set(screen.key, file);
      }
    }
  },
  check({ catalog, add, screenFiles, prefixes }) {
    catalog.menuScreens.forEach((s) => {
      const file = screenFiles.get(s.key)!;
      checkMenu(catalog, file, s, add);
      if (s.document && !catalog.entities.has(s.document))
        add(file, '/screens', `screen '${s.key}' shows document '${s.document}', which does not exist`);
      // a screen showing a document (its `document`) is that document's menu entry: they share the prefix
      if (prefixes.has(s.permission) && prefixes.get(s.permission) !== s.document)
        add(
          file,
          '/screens',
          `screen permission '${s.permission}' is already used by document '${prefixes.get(s.permission)}'`,
        );
    });
  },
};

/** a document's (or screen's) menu entry names a declared group */
export function checkMenu(catalog: Catalog, file: string, menu: EntityDocument['menu'], add: Add) {
  if (menu && !catalog.menuGroups.some((g) => g.key === menu.group))
    add(file, '/menu/group', `unknown menu group '${menu.group}'`);
}

import type { Catalog } from '../../core/document/catalog';
import { DEFAULT_LOCALE, type Locale } from '../../core/locale';
import { HOME_MENU_ID, HOME_MENU_NAME } from './sync';

/** 首页's name in the other languages (its row is the menu sync's own) */
const HOME_TITLES: Partial<Record<Locale, string>> = { 'en-US': 'Home' };

/**
 * The title a menu row shows in `locale`: the words its source gives in that language (a document's
 * locales, a menu group's, 首页's) while the row keeps the source's own name; a name an administrator
 * gave it in 菜单管理 is theirs and stays as written.
 */
export function menuTitleIn(catalog: Catalog, locale: Locale) {
  if (locale === DEFAULT_LOCALE) return (_id: string, name: string) => name;
  const other = locale as Exclude<Locale, 'zh-CN'>;
  const sources = new Map<string, { own: string; there?: string }>([
    [HOME_MENU_ID, { own: HOME_MENU_NAME, there: HOME_TITLES[locale] }],
    ...catalog.menuGroups.map((g): [string, { own: string; there?: string }] => [
      `grp_${g.key}`,
      { own: g.title, there: g.locales?.[other]?.title },
    ]),
    ...[...catalog.entities.values()].map((d): [string, { own: string; there?: string }] => [
      `doc_${d.code}`,
      { own: d.title, there: d.locales?.[other]?.title },
    ]),
  ]);
  return (id: string, name: string) => {
    const source = sources.get(id);
    return source?.there && source.own === name ? source.there : name;
  };
}

import { DEFAULT_HOME } from '../../core/constants';
import type { MenuItem } from '../stores/session';
import { normalisePath } from './menu-tree';
import { t } from '../i18n/i18n';

export interface Crumb {
  title: string;
  /** absent for the current item (plain text) and for groups that are not pages */
  path?: string;
}

/** the home page's title in the current language */
export const homeTitle = () => t('layout.home');

/**
 * Breadcrumb: always home (/dashboard/analysis) first, then the matched menu entries;
 * the current one is plain text. Groups (entries with children) are not pages, so they are plain too.
 */
export function breadcrumbItems(trail: readonly MenuItem[], currentTitle: string, pathname: string): Crumb[] {
  const onHome = normalisePath(pathname) === DEFAULT_HOME;
  const crumbs: Crumb[] = [{ title: homeTitle(), path: onHome ? undefined : DEFAULT_HOME }];
  if (onHome) return crumbs;
  const rest = trail.filter((i) => normalisePath(i.path) !== DEFAULT_HOME);
  rest.forEach((item, i) => {
    const last = i === rest.length - 1;
    const isGroup = Boolean(item.children?.length) && !item.alwaysShow && !item.redirect;
    crumbs.push({
      title: last ? currentTitle || item.meta.title : item.meta.title,
      path: last || isGroup ? undefined : normalisePath(item.redirect || item.path),
    });
  });
  // a page outside the menu (404, a detail route) still names itself
  if (rest.length === 0 && currentTitle) crumbs.push({ title: currentTitle });
  return crumbs;
}

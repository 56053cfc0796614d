import { t } from './messages';
/** the page to stay on after deleting `deleted` rows: the last page that still exists */
export function pageAfterDelete(total: number, deleted: number, pageNo: number, pageSize: number): number {
  const last = Math.max(1, Math.ceil(Math.max(0, total - deleted) / pageSize));
  return Math.min(pageNo, last);
}

/** the pagination total text: `1-10 共 57 条`; an empty list has no range, just `共 0 条` */
export function totalText(total: number, range: [number, number]): string {
  return total > 0 ? t('paging', { from: range[0], to: range[1], total }) : t('pagingTotal', { total });
}

/**
 * The list kinds the runtime renders, each with the online-list route a menu points at.
 * A kind is registered here once its renderer is registered in renderers/registry.ts
 * (KIND_RENDERERS). The meta-schema's
 * list.kind enum follows this list (npm run schemas:meta).
 */
export interface ListKindDef {
  /** the online-list route prefix a menu points at (the document code follows) */
  route: string;
  /** shows the rows as a tree: the document needs its tree settings */
  tree: boolean;
  /** shows each record's sub-tables: the document needs `children` */
  details?: boolean;
}

export const LIST_KINDS = {
  plain: { route: '/online/cgformList/', tree: false },
  auto: { route: '/online/cgformList/', tree: false },
  tree: { route: '/online/cgformTreeList/', tree: true },
  copy: { route: '/online/copyform/', tree: false },
  /** the master list, the chosen master's sub-tables in tabs below it */
  erp: { route: '/online/cgformErpList/', tree: false, details: true },
  /** a row opens in place to show its sub-tables */
  innerTable: { route: '/online/cgformInnerTableList/', tree: false, details: true },
  /** the form holds the master's fields and one editable grid per sub-table, in tabs */
  tab: { route: '/online/cgformTabList/', tree: false, details: true },
} satisfies Record<string, ListKindDef>;

export type ListKind = keyof typeof LIST_KINDS;
export const LIST_KIND_NAMES = Object.keys(LIST_KINDS) as ListKind[];

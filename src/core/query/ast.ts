/**
 * One typed query AST for the search form, the advanced query, the URL, saved queries and the
 * server compiler. The Jeecg wire format (plain params, superQueryParams) is parsed into it at the edge.
 */
export const RULES = [
  'eq',
  'ne',
  'gt',
  'ge',
  'lt',
  'le',
  'in',
  'not_in',
  'like',
  'not_like',
  'left_like',
  'right_like',
  /** ,a,b, on a comma-list column: contains any of the items */
  'multi_like',
  'empty',
  'not_empty',
] as const;
export type Rule = (typeof RULES)[number];

export interface Condition {
  type: 'cond';
  /** document field key (never a SQL identifier) */
  field: string;
  rule: Rule;
  /** one value, or several for in / not_in / multi_like; absent for empty / not_empty */
  value?: string | string[];
}

export interface Group {
  type: 'group';
  op: 'and' | 'or';
  items: Node[];
}

export type Node = Condition | Group;

export interface SortItem {
  field: string;
  order: 'asc' | 'desc';
}

export interface ListQuery {
  filter: Group;
  sort: SortItem[];
  pageNo: number;
  pageSize: number;
  /** optional projection (field keys) */
  fields?: string[];
  /** the page size asked for, when it was above the ceiling and the page is served at the ceiling */
  pageSizeAsked?: number;
}

export const and = (items: Node[]): Group => ({ type: 'group', op: 'and', items });

/** A bad request parameter; the message is shown to the user as is (Chinese, no internals). */
export class QueryError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'QueryError';
  }
}

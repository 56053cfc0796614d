import { sql, type Expression, type SqlBool } from 'kysely';
import type { AppContext, CurrentUser } from '../context';
import type { EntityDocument } from '../../core/document/types';
import type { Condition, Rule } from '../../core/query/ast';
import { checkValue, type QueryField } from '../../core/query/params';
import { readableColumns, type ColumnModel } from '../../core/document/model';
import { SYSTEM_VARIABLES } from '../../core/data-rule-variables';
import { userGrants } from '../auth/permissions';
import { docMenuId } from '../menu/sync';
import { group, columnMap, queryFields } from './compile';
import { nowText } from './time';

/** rule_conditions of reference 2.4 (symbols and their lower-case names) → query rules */
const CONDITIONS: Record<string, Rule> = {
  '>': 'gt',
  '>=': 'ge',
  '<': 'lt',
  '<=': 'le',
  '=': 'eq',
  '!=': 'ne',
  '<>': 'ne',
  IN: 'in',
  LIKE: 'like',
  LEFT_LIKE: 'left_like',
  RIGHT_LIKE: 'right_like',
};
for (const rule of new Set(Object.values(CONDITIONS))) CONDITIONS[rule] = rule;

const VARIABLE = /#\{([a-zA-Z_]+)\}/g;

export interface RuleDef {
  rule_column: string;
  rule_conditions: string;
  rule_value: string;
}

/**
 * What data rules restrict: the rows of a menu's list (an entity document's or a report's). Rule
 * columns resolve only to its own fields, so a rule never names anything else.
 */
export interface RuleTarget {
  /** the menu row the rules hang on */
  menuId: string;
  /** the field a rule column names, or undefined */
  field(column: string): QueryField | undefined;
  /** the columns the compiled conditions refer to, by field key */
  columns: Map<string, ColumnModel>;
}

const targets = new WeakMap<EntityDocument, RuleTarget>();

/** an entity document's rule target: a rule column names a field key (createBy) or its SQL column (create_by) */
export function entityRuleTarget(doc: EntityDocument): RuleTarget {
  let t = targets.get(doc);
  if (!t) {
    const fields = new Map(queryFields(doc).map((f) => [f.key, f]));
    const readable = readableColumns(doc);
    t = {
      menuId: docMenuId(doc.code),
      field: (column) => {
        const c = readable.find((c) => c.key === column || c.column === column);
        return c && fields.get(c.key);
      },
      columns: columnMap(doc),
    };
    targets.set(doc, t);
  }
  return t;
}

/**
 * What is wrong with a rule, or null. USE_SQL_RULES (a raw SQL predicate in the rule value) is not
 * supported: rules become typed conditions on the document's own fields with bound values, so a
 * rule row can never carry SQL into a query.
 */
export function ruleProblem(target: RuleTarget | undefined, r: RuleDef): string | null {
  if (String(r.rule_conditions).toUpperCase() === 'USE_SQL_RULES')
    return '不支持 USE_SQL_RULES：规则值不能是 SQL 片段，请使用字段、条件和值（值可含系统变量）';
  if (!CONDITIONS[r.rule_conditions] && !CONDITIONS[String(r.rule_conditions).toUpperCase()])
    return `不支持的条件 ${String(r.rule_conditions).slice(0, 20)}`;
  for (const m of String(r.rule_value ?? '').matchAll(VARIABLE))
    if (!(SYSTEM_VARIABLES as readonly string[]).includes(m[1])) return `未知的系统变量 #{${m[1]}}`;
  if (target && !target.field(r.rule_column))
    return `规则字段 ${String(r.rule_column).slice(0, 50)} 不是该文档的字段`;
  return null;
}

interface Variables {
  user: CurrentUser;
  orgCodes: () => Promise<string[]>;
}

async function variable(name: string, v: Variables): Promise<string> {
  switch (name.replace(/[A-Z]/g, (c) => '_' + c.toLowerCase())) {
    case 'sys_user_code':
      return v.user.username;
    case 'sys_user_name':
      return v.user.realname;
    case 'sys_org_code':
      return v.user.orgCode ?? '';
    case 'sys_multi_org_code':
      return (await v.orgCodes()).join(',');
    case 'sys_date':
      return nowText().slice(0, 10);
    case 'sys_time':
      return nowText();
    case 'tenant_id':
      return v.user.tenantId || '0';
    case 'bpm_status':
      return '1';
  }
  return '';
}

/** the rule as a query condition, values resolved (and later bound); null when it cannot apply */
async function ruleCondition(target: RuleTarget, r: RuleDef, v: Variables): Promise<Condition | null> {
  if (ruleProblem(target, r)) return null;
  const field = target.field(r.rule_column)!;
  const rule = CONDITIONS[r.rule_conditions] ?? CONDITIONS[r.rule_conditions.toUpperCase()];
  let text = String(r.rule_value ?? '');
  for (const m of [...text.matchAll(VARIABLE)]) text = text.replace(m[0], await variable(m[1], v));
  try {
    if (rule === 'in') {
      const items = text
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
        .map((s) => checkValue(field, s));
      return { type: 'cond', field: field.key, rule, value: items };
    }
    const like = rule === 'like' || rule === 'left_like' || rule === 'right_like';
    return { type: 'cond', field: field.key, rule, value: like ? text : checkValue(field, text.trim()) };
  } catch {
    return null; // a value the column cannot hold (text for a number column) matches nothing
  }
}

/**
 * The data rules of a document for a user, as predicates to AND into every read and write of its
 * rows. Rules hang on the document's menu. Each of the user's roles (and department roles) that
 * holds the menu contributes the rules chosen for it (sys_role_permission.data_rule_ids), ANDed
 * within the role as upstream does; the roles are ORed together, so a user never sees less than its
 * least restricted role grants, and a role holding the menu without rules lifts every restriction.
 * A user none of whose roles holds the menu sees no rows. A rule that cannot apply (unknown column,
 * unsupported condition, a value the column cannot hold) restricts its role to nothing: a broken
 * rule never widens access.
 */
export async function dataRuleScope(
  ctx: AppContext,
  doc: EntityDocument,
  user: CurrentUser,
): Promise<Expression<SqlBool>[]> {
  return doc.menu ? ruleScope(ctx, entityRuleTarget(doc), user) : [];
}

/** the data rules of a rule target (the menu's) for a user, by the rules of dataRuleScope */
export async function ruleScope(
  ctx: AppContext,
  target: RuleTarget,
  user: CurrentUser,
): Promise<Expression<SqlBool>[]> {
  const menuId = target.menuId;
  const grants = await sql<{ data_rule_ids: string | null }>`
    select g.data_rule_ids from ${userGrants(user.id)} g where g.permission_id = ${menuId}`.execute(ctx.db);
  if (!grants.rows.length) return [sql<SqlBool>`false`];
  const rules = new Map(
    (
      await sql<RuleDef & { id: string }>`
        select id, rule_column, rule_conditions, rule_value from sys_permission_data_rule
         where permission_id = ${menuId} and status = '1'`.execute(ctx.db)
    ).rows.map((r) => [r.id, r]),
  );
  let codes: Promise<string[]> | null = null;
  const vars: Variables = {
    user,
    orgCodes: () =>
      (codes ??= ctx.db
        .selectFrom('sys_depart as d')
        .innerJoin('sys_user_depart as ud', 'ud.dep_id', 'd.id')
        .select('d.org_code')
        .where('ud.user_id', '=', user.id)
        .execute()
        .then((rows) => rows.map((r) => String(r.org_code)))),
  };
  const roles: Expression<SqlBool>[] = [];
  for (const g of grants.rows) {
    const chosen = String(g.data_rule_ids ?? '')
      .split(',')
      .map((id) => rules.get(id.trim()))
      .filter((r): r is RuleDef & { id: string } => Boolean(r));
    if (!chosen.length) return [];
    const conds = await Promise.all(chosen.map((r) => ruleCondition(target, r, vars)));
    const broken = chosen.filter((_, i) => conds[i] === null);
    if (broken.length)
      ctx.log.warn(
        { menu: menuId, rules: broken.map((r) => r.id) },
        'data rule cannot apply (unknown column, condition or value): its role sees no rows',
      );
    roles.push(
      broken.length
        ? sql<SqlBool>`false`
        : group(target.columns, { type: 'group', op: 'and', items: conds as Condition[] })!,
    );
  }
  return [sql<SqlBool>`(${sql.join(roles, sql` or `)})`];
}

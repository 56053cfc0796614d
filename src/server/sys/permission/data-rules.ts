import { sql, type Selectable } from 'kysely';
import type { AppContext } from '../../context';
import type { Db } from '../../db/connect';
import type { SysPermissionDataRule } from '../../db/tables';
import { BizError, ok, okMessage } from '../../http/envelope';
import { id, record, text } from '../../http/params';
import type { RouteTable } from '../../http/routes';
import { newId } from '../../db/ids';
import { toWire } from '../../auth/user-info';
import { entityRuleTarget, ruleProblem, type RuleTarget } from '../../crud/data-rules';
import { reportRuleTarget } from '../../reports/query';
import { SYSTEM_VARIABLES } from '../../../core/data-rule-variables';
import { readableColumns } from '../../../core/document/model';

const tag = '数据规则';

/** what the menu's list shows (a document's rows or a report's): rule columns must be its fields */
function targetOf(ctx: AppContext, menuId: string): RuleTarget | undefined {
  if (!menuId.startsWith('doc_')) return undefined;
  const doc = ctx.catalog.entities.get(menuId.slice(4));
  if (doc) return entityRuleTarget(doc);
  const report = ctx.catalog.reports.get(menuId.slice(4));
  return report && reportRuleTarget(report);
}

/** a rule as the rule routes answer it: the document's sys_org_code (migrations.ts) stays out */
const ruleWire = ({ sys_org_code: _org, ...rule }: Selectable<SysPermissionDataRule>) => toWire(rule);

/**
 * the columns a rule on the menu may name, for the rule form to offer (its field type rule_column,
 * renderers/fields/rule-column/editor.tsx): the columns of the menu's document (its fields and the
 * system columns such as createBy), or its report's columns
 */
function ruleColumns(ctx: AppContext, menuId: string) {
  const target = targetOf(ctx, menuId);
  if (!target) return { report: false, columns: [] };
  const code = menuId.slice(4);
  const doc = ctx.catalog.entities.get(code);
  const shown = doc ? readableColumns(doc) : ctx.catalog.reports.get(code)!.columns;
  return {
    report: !doc,
    columns: shown.filter((c) => target.field(c.key)).map((c) => ({ key: c.key, title: c.title })),
  };
}

function ruleValues(ctx: AppContext, body: Record<string, unknown>, permissionId: string) {
  const values = {
    rule_name: text(body, 'ruleName', { required: '请输入规则名称', max: 50 }),
    rule_column: text(body, 'ruleColumn', { required: '请输入规则字段', max: 50 }),
    rule_conditions: text(body, 'ruleConditions', { required: '请选择条件规则', max: 50 }),
    rule_value: text(body, 'ruleValue', { required: '请输入规则值', max: 300 }),
    status: text(body, 'status', { max: 1 }) || '1',
  };
  if (values.status !== '0' && values.status !== '1') throw new BizError('状态只能是 0（无效）或 1（有效）');
  if (!/^[a-zA-Z][a-zA-Z0-9_]*$/.test(values.rule_column)) throw new BizError('规则字段格式不正确');
  const problem = ruleProblem(targetOf(ctx, permissionId), values);
  if (problem) throw new BizError(problem);
  return values;
}

async function menuExists(db: Db, permissionId: string) {
  const menu = await db
    .selectFrom('sys_permission')
    .select(['id', 'menu_type'])
    .where('id', '=', permissionId)
    .where('del_flag', '=', 0)
    .executeTakeFirst();
  if (!menu) throw new BizError('菜单不存在');
  if (Number(menu.menu_type) === 2) throw new BizError('数据规则只能配置在菜单上');
}

/** the menu a rule belongs to; an unknown rule is refused */
async function menuOfRule(db: Db, ruleId: string): Promise<string> {
  const rule = await db
    .selectFrom('sys_permission_data_rule')
    .select('permission_id')
    .where('id', '=', ruleId)
    .executeTakeFirst();
  if (!rule) throw new BizError('未找到对应实体');
  return String(rule.permission_id);
}

async function refreshRuleFlag(db: Db, permissionId: string) {
  await sql`update sys_permission set rule_flag = case when exists
              (select 1 from sys_permission_data_rule r where r.permission_id = ${permissionId}) then 1 else 0 end
            where id = ${permissionId}`.execute(db);
}

export function registerDataRuleRoutes(t: RouteTable, ctx: AppContext): void {
  const read = { perm: 'system:permission:list' };
  const write = { perm: 'system:permission:rule' };
  const description = `规则字段为文档的字段（如 createBy、sysOrgCode）；条件 = != > >= < <= IN LIKE LEFT_LIKE RIGHT_LIKE；值可含系统变量 ${SYSTEM_VARIABLES.filter(
    (v) => v.includes('_'),
  )
    .map((v) => `#{${v}}`)
    .join(' ')}，作为绑定参数使用。不支持 USE_SQL_RULES：规则不能携带 SQL 片段`;

  t.add({
    method: 'GET',
    url: '/sys/permission/getPermRuleListByPermId',
    access: read,
    tag,
    summary: '某菜单的数据规则（新建的在前）',
    params: [{ name: 'permissionId', in: 'query', required: true }],
    handler: async (req) => {
      const rows = await ctx.db
        .selectFrom('sys_permission_data_rule')
        .selectAll()
        .where('permission_id', '=', id(req.query, 'permissionId'))
        .orderBy('create_time', 'desc')
        .orderBy('id', 'desc')
        .execute();
      return ok(rows.map(ruleWire));
    },
  });

  t.add({
    method: 'GET',
    url: '/sys/permission/ruleColumns',
    access: read,
    tag,
    summary: '某菜单的数据规则可用的规则字段（菜单所开文档的字段或报表的列；report 为 true 时是报表的列）',
    params: [{ name: 'permissionId', in: 'query', required: true }],
    handler: async (req) => ok(ruleColumns(ctx, id(req.query, 'permissionId'))),
  });

  t.add({
    method: 'GET',
    url: '/sys/permission/queryPermissionRule',
    access: read,
    tag,
    summary: '按条件查询数据规则（permissionId、ruleName、ruleColumn、ruleConditions、ruleValue 等值匹配）',
    params: ['permissionId', 'ruleName', 'ruleColumn', 'ruleConditions', 'ruleValue'].map((name) => ({
      name,
      in: 'query' as const,
    })),
    handler: async (req) => {
      let q = ctx.db.selectFrom('sys_permission_data_rule').selectAll();
      const filters = {
        permissionId: 'permission_id',
        ruleName: 'rule_name',
        ruleColumn: 'rule_column',
        ruleConditions: 'rule_conditions',
        ruleValue: 'rule_value',
      } as const;
      for (const [param, column] of Object.entries(filters)) {
        const v = text(req.query, param, { max: 300 });
        if (v) q = q.where(column, '=', v);
      }
      return ok((await q.orderBy('create_time', 'desc').limit(1000).execute()).map(ruleWire));
    },
  });

  t.add({
    method: 'POST',
    url: '/sys/permission/addPermissionRule',
    access: write,
    tag,
    summary: `为菜单添加数据规则。${description}`,
    params: ['permissionId', 'ruleName', 'ruleColumn', 'ruleConditions', 'ruleValue', 'status'].map(
      (name) => ({
        name,
        in: 'body' as const,
      }),
    ),
    handler: async (req) => {
      const body = record(req.body);
      const permissionId = id(body, 'permissionId');
      await menuExists(ctx.db, permissionId);
      const values = ruleValues(ctx, body, permissionId);
      const ruleId = newId();
      await ctx.db.transaction().execute(async (trx) => {
        await trx
          .insertInto('sys_permission_data_rule')
          .values({ id: ruleId, permission_id: permissionId, ...values, create_by: req.user!.username })
          .execute();
        await refreshRuleFlag(trx, permissionId);
      });
      return { ...okMessage('添加成功！'), result: ruleId };
    },
  });

  t.add({
    method: ['PUT', 'POST'],
    url: '/sys/permission/editPermissionRule',
    access: write,
    tag,
    summary: `编辑数据规则。${description}`,
    handler: async (req) => {
      const body = record(req.body);
      const ruleId = id(body);
      const values = ruleValues(ctx, body, await menuOfRule(ctx.db, ruleId));
      await ctx.db
        .updateTable('sys_permission_data_rule')
        .set({ ...values, update_by: req.user!.username, update_time: sql`now()` })
        .where('id', '=', ruleId)
        .execute();
      return okMessage('修改成功！');
    },
  });

  t.add({
    method: 'DELETE',
    url: '/sys/permission/deletePermissionRule',
    access: write,
    tag,
    summary: '删除数据规则（同时从各角色的规则选择中移除）',
    params: [{ name: 'id', in: 'query', required: true }],
    handler: async (req) => {
      const ruleId = id(req.query);
      const permissionId = await menuOfRule(ctx.db, ruleId);
      await ctx.db.transaction().execute(async (trx) => {
        await trx.deleteFrom('sys_permission_data_rule').where('id', '=', ruleId).execute();
        for (const table of ['sys_role_permission', 'sys_depart_permission', 'sys_depart_role_permission'])
          await sql`update ${sql.table(table)} set data_rule_ids = nullif(array_to_string(
                      array_remove(string_to_array(data_rule_ids, ','), ${ruleId}), ','), '')
                    where permission_id = ${permissionId} and data_rule_ids is not null`.execute(trx);
        await refreshRuleFlag(trx, permissionId);
      });
      return okMessage('删除成功！');
    },
  });
}

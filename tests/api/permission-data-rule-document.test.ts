import { beforeAll, describe, expect, it } from 'vitest';
import { adminToken, del, get, post } from './setup/client';

/**
 * 数据规则 as a document (schemas/system/permission-data-rule.json): the generic list reads a menu's
 * rules, the writes stay the rule routes' own (src/server/sys/permission/data-rules.ts), and the
 * rule form's 规则字段 is offered what the server accepts for the menu.
 */

let admin = '';
beforeAll(async () => {
  admin = await adminToken();
});

describe('数据规则 document', () => {
  it('lists a menu’s rules with their condition’s text; the rule routes keep their answers', async () => {
    const added = await post(
      '/sys/permission/addPermissionRule',
      {
        permissionId: 'doc_base_unit',
        ruleName: '本人创建',
        ruleColumn: 'createBy',
        ruleConditions: '=',
        ruleValue: '#{sys_user_code}',
      },
      admin,
    );
    expect(added.json).toMatchObject({ success: true, message: '添加成功！' });
    const ruleId = added.json.result;

    const page = (await get('/sys/permission/rule/list', admin, { permissionId: 'doc_base_unit' })).json
      .result;
    const row = page.records.find((r: any) => r.id === ruleId);
    expect(row).toMatchObject({ ruleName: '本人创建', ruleConditions_dictText: '等于', status: '1' });
    expect(page.records.every((r: any) => r.permissionId === 'doc_base_unit')).toBe(true);
    const other = (await get('/sys/permission/rule/list', admin, { permissionId: 'doc_pro_product' })).json
      .result;
    expect(other.records.map((r: any) => r.id)).not.toContain(ruleId);

    const old = (
      await get('/sys/permission/getPermRuleListByPermId', admin, { permissionId: 'doc_base_unit' })
    ).json.result;
    expect(old.find((r: any) => r.id === ruleId)).not.toHaveProperty('sysOrgCode');

    expect((await del('/sys/permission/deletePermissionRule', admin, { id: ruleId })).json.success).toBe(
      true,
    );
  });

  it('offers a document menu its fields, a report menu its columns, another menu nothing', async () => {
    const unit = (await get('/sys/permission/ruleColumns', admin, { permissionId: 'doc_base_unit' })).json
      .result;
    expect(unit.report).toBe(false);
    expect(unit.columns).toContainEqual({ key: 'createBy', title: '创建人' });
    const report = (
      await get('/sys/permission/ruleColumns', admin, { permissionId: 'doc_product_price_report' })
    ).json.result;
    expect(report).toMatchObject({ report: true });
    expect(report.columns).toContainEqual({ key: 'price', title: '单价' });
    expect(
      (await get('/sys/permission/ruleColumns', admin, { permissionId: 'scr_permission' })).json.result,
    ).toEqual({ report: false, columns: [] });
  });
});

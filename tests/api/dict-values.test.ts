import { beforeAll, describe, expect, it } from 'vitest';
import { adminToken, get, post, put, uniq } from './setup/client';

/**
 * A field with a dictionary takes only its items: the API refuses what the form would never offer,
 * under the field, and writes nothing.
 */
let admin = '';
beforeAll(async () => {
  admin = await adminToken();
});

const unit = (extra: Record<string, unknown> = {}) => ({
  name: `字典值${uniq()}`,
  code: `DV${uniq()}`.slice(0, 20),
  unitType: '3',
  ...extra,
});
const unitsCoded = async (code: string) =>
  (await get('/base/unit/list', admin, { code })).json.result.total as number;

describe('dictionary values on write', () => {
  it('a value outside a system dictionary is refused under its field; nothing is written', async () => {
    const body = unit({ unitType: '99' });
    const { json } = await post('/base/unit/add', body, admin);
    expect(json).toMatchObject({ success: false, message: '单位类型的值不在可选范围内' });
    expect(json.result.errors).toContainEqual({ field: 'unitType', message: '单位类型的值不在可选范围内' });
    expect(await unitsCoded(body.code)).toBe(0);
  });

  it('an edit is checked too, while an edit that leaves the field alone is not', async () => {
    const body = unit();
    expect((await post('/base/unit/add', body, admin)).json.success).toBe(true);
    const id = (await get('/base/unit/list', admin, { code: body.code })).json.result.records[0].id;
    const bad = await put('/base/unit/edit', { id, unitType: '3;drop' }, admin);
    expect(bad.json).toMatchObject({ success: false, message: '单位类型的值不在可选范围内' });
    expect((await put('/base/unit/edit', { id, remark: '改备注' }, admin)).json.success).toBe(true);
    expect((await put('/base/unit/edit', { id, unitType: '9' }, admin)).json.success).toBe(true);
  });

  it('a dictionary-table value must name an existing row', async () => {
    const role = { roleName: `部门角色${uniq()}`, roleCode: `dr_${uniq()}` };
    const missing = await post('/sys/sysDepartRole/add', { ...role, departId: 'no_such_depart' }, admin);
    expect(missing.json).toMatchObject({ success: false, message: '所属部门的值不在可选范围内' });
    const ok = await post('/sys/sysDepartRole/add', { ...role, departId: 'dep_it' }, admin);
    expect(ok.json.success).toBe(true);
  });
});

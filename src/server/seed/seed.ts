import { docDb } from '../db/connect';
import fs from 'node:fs';
import path from 'node:path';
import type { AppContext } from '../context';
import { entityColumns } from '../../core/document/model';
import { newId } from '../db/ids';
import { hashPassword, randomPassword } from '../auth/password';
import { nowText } from '../crud/time';
import { ADMIN_ROLE_CODE } from '../menu/sync';
import { demoUsers, seedAccessDemo, type DemoUser } from '../sys/demo';

/** the demo organisation: a museum (3 characters of org code a level) and its production centre */
const DEPARTS = [
  ['dep_museum', '0', '数字博物馆', 'A01', '1'],
  ['dep_director', 'dep_museum', '馆长办公室', 'A01A01', '2'],
  ['dep_collection', 'dep_museum', '藏品部', 'A01A02', '2'],
  ['dep_storage', 'dep_collection', '藏品保管组', 'A01A02A01', '2'],
  ['dep_restoration', 'dep_collection', '文物修复室', 'A01A02A02', '2'],
  ['dep_it', 'dep_museum', '数字化部', 'A01A03', '2'],
  ['dep_capture', 'dep_it', '数字采集组', 'A01A03A01', '2'],
  ['dep_systems', 'dep_it', '信息系统组', 'A01A03A02', '2'],
  ['dep_exhibition', 'dep_museum', '展览部', 'A01A04', '2'],
  ['dep_design', 'dep_exhibition', '陈列设计组', 'A01A04A01', '2'],
  ['dep_education', 'dep_exhibition', '社会教育组', 'A01A04A02', '2'],
  ['dep_factory', '0', '文创生产中心', 'A02', '1'],
  ['dep_workshop', 'dep_factory', '生产车间', 'A02A01', '2'],
].map(([id, parent_id, depart_name, org_code, org_category], i, all) => ({
  id,
  parent_id,
  depart_name,
  org_code,
  org_category,
  org_type: String(org_code.length / 3),
  depart_order: i + 1,
  has_child: all.some((d) => d[1] === id) ? '1' : '0',
}));

/**
 * First start: the admin role and account (no default password: ADMIN_PASSWORD or a random one,
 * returned so it can be printed once), the departments, then on every start the dictionaries and
 * demo rows that are not there yet.
 */
export async function seed(ctx: AppContext): Promise<{ adminPassword?: string; demoUsers: DemoUser[] }> {
  const out: { adminPassword?: string; demoUsers: DemoUser[] } = { demoUsers: [] };
  const db = ctx.db;
  let role = await db
    .selectFrom('sys_role')
    .select('id')
    .where('role_code', '=', ADMIN_ROLE_CODE)
    .executeTakeFirst();
  if (!role) {
    role = { id: 'role_admin' };
    await db
      .insertInto('sys_role')
      .values({
        id: role.id,
        role_name: '管理员',
        role_code: ADMIN_ROLE_CODE,
        description: '拥有全部菜单与按钮权限',
        create_by: 'system',
      })
      .execute();
  }
  if ((await db.selectFrom('sys_depart').select('id').limit(1).execute()).length === 0) {
    await db
      .insertInto('sys_depart')
      .values(DEPARTS.map((d) => ({ ...d, create_by: 'system' })))
      .execute();
  }
  if (!(await db.selectFrom('sys_user').select('id').where('username', '=', 'admin').executeTakeFirst())) {
    const password = ctx.config.adminPassword ?? randomPassword();
    if (!ctx.config.adminPassword) out.adminPassword = password;
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('sys_user')
        .values({
          id: 'user_admin',
          username: 'admin',
          realname: '管理员',
          password: await hashPassword(password),
          org_code: 'A01A03',
          select_depart_id: 'dep_it',
          // positions, so that 部门切换 can be completed out of the box
          post: 'dept_head,digital_engineer',
          status: 1,
          del_flag: 0,
          sex: 1,
          create_by: 'system',
        })
        .execute();
      await trx
        .insertInto('sys_user_role')
        .values({ id: newId(), user_id: 'user_admin', role_id: role.id })
        .execute();
      await trx
        .insertInto('sys_user_depart')
        .values({ id: newId(), user_id: 'user_admin', dep_id: 'dep_it' })
        .execute();
    });
  }
  await seedDictionaries(ctx);
  await seedDemo(ctx);
  await seedAccessDemo(ctx);
  out.demoUsers = await demoUsers(ctx);
  return out;
}

/**
 * The dictionaries of schemas/system/dictionaries.json seed sys_dict once; from then on the database
 * is the truth. A marker per dictionary remembers which item values the file has delivered, so on
 * later starts an administrator's edits, disabled or deleted items and even a deleted dictionary
 * stay as they are, while an item value the file gains in a new release is added.
 */
async function seedDictionaries(ctx: AppContext): Promise<void> {
  const db = ctx.db;
  const existing = new Map(
    (await db.selectFrom('sys_dict').select(['id', 'dict_code']).execute()).map((r) => [
      r.dict_code as string,
      r.id as string,
    ]),
  );
  const markers = new Map(
    (
      await db
        .selectFrom('sys_setting')
        .select(['key', 'value'])
        .where('key', 'like', 'dict_seeded:%')
        .execute()
    ).map((r) => [(r.key as string).slice('dict_seeded:'.length), JSON.parse(r.value as string) as string[]]),
  );
  for (const d of ctx.catalog.dictionaries.values()) {
    const seeded = markers.get(d.code);
    const fileValues = d.items.map((it) => it.value);
    if (seeded && fileValues.every((v) => seeded.includes(v))) continue;
    await db.transaction().execute(async (trx) => {
      let dictId = existing.get(d.code);
      // without a marker an existing dictionary predates this rule (or an administrator made it): leave it
      const deliver = seeded ? d.items.filter((it) => !seeded.includes(it.value)) : dictId ? [] : d.items;
      if (!seeded && !dictId) {
        dictId = newId();
        await trx
          .insertInto('sys_dict')
          .values({
            id: dictId,
            dict_name: d.title,
            dict_code: d.code,
            description: d.description ?? null,
            create_by: 'system',
          })
          .execute();
      }
      if (dictId && deliver.length)
        await trx
          .insertInto('sys_dict_item')
          .values(
            deliver.map((it) => ({
              id: newId(),
              dict_id: dictId,
              item_text: it.text,
              item_value: it.value,
              item_color: it.color ?? null,
              sort_order: d.items.indexOf(it) + 1,
              status: 1,
            })),
          )
          .onConflict((oc) => oc.columns(['dict_id', 'item_value']).doNothing())
          .execute();
      const value = JSON.stringify([...new Set([...(seeded ?? []), ...fileValues])]);
      await trx
        .insertInto('sys_setting')
        .values({ key: `dict_seeded:${d.code}`, value })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
        .execute();
    });
  }
  ctx.dicts.refresh();
}

async function seedDemo(ctx: AppContext): Promise<void> {
  for (const doc of ctx.catalog.entities.values()) {
    const marker = `demo_seeded:${doc.code}`;
    if (await ctx.db.selectFrom('sys_setting').select('key').where('key', '=', marker).executeTakeFirst())
      continue;
    const file = path.join(ctx.config.demoDir, `${doc.code}.json`);
    const empty = (await docDb(ctx.db).selectFrom(doc.table).select('id').limit(1).execute()).length === 0;
    if (empty && fs.existsSync(file)) {
      const records = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>[];
      const cols = entityColumns(doc);
      const now = nowText();
      const rows = records.map((rec) => {
        const row: Record<string, unknown> = {
          id: newId(),
          create_by: 'admin',
          create_time: now,
          sys_org_code: 'A01A03',
        };
        for (const c of cols) if (rec[c.key] !== undefined) row[c.column] = rec[c.key];
        return row;
      });
      for (let i = 0; i < rows.length; i += 500)
        await docDb(ctx.db)
          .insertInto(doc.table)
          .values(rows.slice(i, i + 500))
          .execute();
    }
    await ctx.db.insertInto('sys_setting').values({ key: marker, value: nowText() }).execute();
  }
}

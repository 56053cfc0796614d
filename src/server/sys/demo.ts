import type { AppContext } from '../context';
import { newId } from '../db/ids';
import { docMenuId } from '../menu/sync';
import { nowText } from '../crud/time';
import { hashPassword } from '../auth/password';

/** menu rows (documents) a role gets with the given buttons of each */
function grants(codes: string[], buttons: string[]): string[] {
  return codes.flatMap((c) => [docMenuId(c), ...buttons.map((b) => `${docMenuId(c)}_${b}`)]);
}

const RULE_MY_DEPARTMENT = 'rule_demo_my_department';

const ROLES = [
  {
    id: 'role_collection',
    role_code: 'collection_manager',
    role_name: '藏品管理员',
    description: '维护基础数据：计量单位、区域、检查类别、工位',
    permissions: [
      'grp_base',
      ...grants(
        ['base_unit', 'base_area', 'base_check_category', 'base_work_position'],
        ['add', 'edit', 'export'],
      ),
    ],
  },
  {
    id: 'role_production',
    role_code: 'production_planner',
    role_name: '生产计划员',
    description: '文创产品、工序与生产工单（可分享工序进度链接）；产品只看本部门及下级部门的数据（数据规则）',
    permissions: [
      'grp_production',
      ...grants(
        ['pro_product', 'pro_product_type', 'procedure_type', 'pro_work_order', 'pro_procedure_step'],
        ['add', 'edit', 'delete', 'export'],
      ),
      // the button row the menu sync makes for the share route's code (menu/sync.ts)
      'perm_production_workOrder_share',
      // a work order's 产品名称 is chosen in a popup over this report, which reads through the
      // report's own routes under its list permission (no export)
      docMenuId('product_price_report'),
    ],
    rules: { [docMenuId('pro_product')]: RULE_MY_DEPARTMENT },
  },
  {
    id: 'role_auditor',
    role_code: 'auditor',
    role_name: '审计员',
    description: '查看用户与系统日志，不能修改',
    permissions: ['grp_system', ...grants(['sys_user', 'sys_log'], ['export'])],
  },
];

/**
 * Demo users have no password: they cannot sign in until an administrator sets one (changPassword),
 * or DEMO_PASSWORD gives each that has none one at start.
 */
const USERS: {
  id: string;
  username: string;
  realname: string;
  sex: number;
  depart: string;
  otherDeparts?: string[];
  role: string | null;
  post: string;
}[] = [
  {
    id: 'user_zhang',
    username: 'zhangwei',
    realname: '张伟',
    sex: 1,
    depart: 'dep_storage',
    role: 'role_collection',
    post: 'keeper',
  },
  {
    id: 'user_li',
    username: 'lina',
    realname: '李娜',
    sex: 2,
    depart: 'dep_it',
    // a second department makes 部门切换 show what it does: the product rule follows the department
    otherDeparts: ['dep_workshop'],
    role: 'role_production',
    post: 'digital_engineer,planner',
  },
  {
    id: 'user_wang',
    username: 'wangfang',
    realname: '王芳',
    sex: 2,
    depart: 'dep_director',
    role: 'role_auditor',
    post: 'dept_head',
  },
  {
    id: 'user_zhao',
    username: 'zhaolei',
    realname: '赵磊',
    sex: 1,
    depart: 'dep_design',
    role: null,
    post: 'curator',
  },
];

/** First start only (marker in sys_setting): roles with grants and a data rule, and a few users. */
export async function seedAccessDemo(ctx: AppContext): Promise<void> {
  const marker = 'demo_seeded:access';
  if (await ctx.db.selectFrom('sys_setting').select('key').where('key', '=', marker).executeTakeFirst())
    return;
  const codes = new Map(
    (await ctx.db.selectFrom('sys_depart').select(['id', 'org_code']).execute()).map((d) => [
      d.id,
      d.org_code,
    ]),
  );
  await ctx.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('sys_permission_data_rule')
      .values({
        id: RULE_MY_DEPARTMENT,
        permission_id: docMenuId('pro_product'),
        rule_name: '本部门及下级部门',
        rule_column: 'sysOrgCode',
        rule_conditions: 'RIGHT_LIKE',
        rule_value: '#{sys_org_code}',
        status: '1',
        create_by: 'system',
      })
      .execute();
    for (const r of ROLES) {
      await trx
        .insertInto('sys_role')
        .values({
          id: r.id,
          role_code: r.role_code,
          role_name: r.role_name,
          description: r.description,
          create_by: 'system',
        })
        .onConflict((oc) => oc.doNothing())
        .execute();
      await trx
        .insertInto('sys_role_permission')
        .values(
          r.permissions.map((p) => ({
            id: newId(),
            role_id: r.id,
            permission_id: p,
            data_rule_ids: (r.rules as Record<string, string> | undefined)?.[p] ?? null,
          })),
        )
        .onConflict((oc) => oc.doNothing())
        .execute();
    }
    for (const u of USERS) {
      if (await trx.selectFrom('sys_user').select('id').where('username', '=', u.username).executeTakeFirst())
        continue;
      await trx
        .insertInto('sys_user')
        .values({
          id: u.id,
          username: u.username,
          realname: u.realname,
          password: null,
          sex: u.sex,
          post: u.post,
          org_code: codes.get(u.depart) ?? null,
          select_depart_id: u.depart,
          status: 1,
          del_flag: 0,
          create_by: 'system',
          create_time: nowText(),
        })
        .execute();
      await trx
        .insertInto('sys_user_depart')
        .values(
          [u.depart, ...(u.otherDeparts ?? [])].map((dep) => ({ id: newId(), user_id: u.id, dep_id: dep })),
        )
        .execute();
      if (u.role)
        await trx
          .insertInto('sys_user_role')
          .values({ id: newId(), user_id: u.id, role_id: u.role })
          .execute();
    }
    await trx.insertInto('sys_setting').values({ key: marker, value: nowText() }).execute();
  });
}

export interface DemoUser {
  username: string;
  realname: string;
  /** role names with what each may do; empty: signs in to the home page only */
  roles: { name: string; description: string }[];
  canSignIn: boolean;
}

/**
 * DEMO_PASSWORD, when set, becomes the password of every demo user that has none (at the first start
 * and later ones alike: a user an administrator gave a password keeps it). Answers the demo users
 * that still exist, for the start banner.
 */
export async function demoUsers(ctx: AppContext): Promise<DemoUser[]> {
  const ids = USERS.map((u) => u.id);
  if (ctx.config.demoPassword) {
    const hash = await hashPassword(ctx.config.demoPassword);
    await ctx.db
      .updateTable('sys_user')
      .set({ password: hash })
      .where('id', 'in', ids)
      .where('password', 'is', null)
      .execute();
  }
  const users = await ctx.db
    .selectFrom('sys_user')
    .select(['id', 'username', 'realname', 'password'])
    .where('id', 'in', ids)
    .where('del_flag', '=', 0)
    .execute();
  const roles = await ctx.db
    .selectFrom('sys_user_role as ur')
    .innerJoin('sys_role as r', 'r.id', 'ur.role_id')
    .select(['ur.user_id', 'r.role_name', 'r.description'])
    .where('ur.user_id', 'in', ids)
    .orderBy('r.role_name')
    .execute();
  return ids.flatMap((id) => {
    const u = users.find((x) => x.id === id);
    if (!u) return [];
    return [
      {
        username: String(u.username),
        realname: String(u.realname ?? ''),
        roles: roles
          .filter((r) => r.user_id === id)
          .map((r) => ({ name: String(r.role_name), description: String(r.description ?? '') })),
        canSignIn: u.password !== null,
      },
    ];
  });
}

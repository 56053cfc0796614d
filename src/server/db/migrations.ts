import { sql } from 'kysely';
import type { Db } from './connect';
import { fillAreas } from '../sys/area/data';

/**
 * System tables. Each step runs once, in order, inside a transaction; the applied steps are
 * recorded in sys_migration. Never edit a released step: add a new one.
 */
const AUDIT = `create_by varchar(50), create_time timestamp default now(), update_by varchar(50), update_time timestamp`;

/** a step: its SQL, then (in the same transaction) any rows it brings */
export const MIGRATIONS: { name: string; sql: string; fill?: (db: Db) => Promise<void> }[] = [
  {
    name: '001_system_tables',
    sql: `
create table sys_setting (key varchar(100) primary key, value text not null);

create table sys_user (
  id varchar(36) primary key,
  username varchar(100) not null,
  realname varchar(100),
  password varchar(255),
  avatar varchar(255),
  birthday date,
  sex smallint,
  email varchar(100),
  phone varchar(45),
  org_code varchar(64),
  status smallint not null default 1,
  del_flag smallint not null default 0,
  work_no varchar(100),
  post varchar(100),
  telephone varchar(45),
  user_identity smallint default 1,
  depart_ids varchar(1000),
  rel_tenant_ids varchar(100),
  select_depart_id varchar(36),
  select_position_id varchar(36),
  ${AUDIT}
);
create unique index sys_user_username on sys_user (username);
create unique index sys_user_phone on sys_user (phone) where phone is not null and phone <> '' and del_flag = 0;

create table sys_role (
  id varchar(36) primary key,
  role_name varchar(200) not null,
  role_code varchar(100) not null unique,
  description varchar(255),
  ${AUDIT}
);

create table sys_user_role (
  id varchar(36) primary key,
  user_id varchar(36) not null,
  role_id varchar(36) not null,
  unique (user_id, role_id)
);

create table sys_permission (
  id varchar(64) primary key,
  parent_id varchar(64),
  name varchar(255) not null,
  url varchar(255),
  component varchar(255),
  component_name varchar(100),
  redirect varchar(255),
  menu_type smallint not null default 0,
  perms varchar(1000),
  perms_type varchar(10) default '1',
  sort_no numeric(8,2) default 100,
  always_show boolean default false,
  icon varchar(100),
  is_route boolean default true,
  is_leaf boolean default true,
  keep_alive boolean default false,
  hidden boolean default false,
  description varchar(255),
  status varchar(2) default '1',
  rule_flag smallint default 0,
  internal_or_external boolean default false,
  del_flag smallint not null default 0,
  source varchar(100),
  ${AUDIT}
);
create index sys_permission_parent on sys_permission (parent_id);

create table sys_role_permission (
  id varchar(36) primary key,
  role_id varchar(36) not null,
  permission_id varchar(64) not null,
  data_rule_ids varchar(1000),
  unique (role_id, permission_id)
);

create table sys_depart (
  id varchar(36) primary key,
  parent_id varchar(36),
  depart_name varchar(100) not null,
  depart_name_en varchar(500),
  depart_order integer default 0,
  description text,
  org_category varchar(10) default '1',
  org_type varchar(10),
  org_code varchar(64) not null unique,
  mobile varchar(32),
  address varchar(100),
  memo varchar(500),
  status varchar(1) default '1',
  del_flag varchar(1) default '0',
  ${AUDIT}
);

create table sys_user_depart (
  id varchar(36) primary key,
  user_id varchar(36) not null,
  dep_id varchar(36) not null,
  unique (user_id, dep_id)
);

create table sys_dict (
  id varchar(36) primary key,
  dict_name varchar(100) not null,
  dict_code varchar(100) not null unique,
  description varchar(255),
  del_flag smallint not null default 0,
  type smallint default 0,
  ${AUDIT}
);

create table sys_dict_item (
  id varchar(36) primary key,
  dict_id varchar(36) not null,
  item_text varchar(100) not null,
  item_value varchar(100) not null,
  item_color varchar(20),
  description varchar(255),
  sort_order integer default 0,
  status smallint default 1,
  ${AUDIT}
);
create index sys_dict_item_dict on sys_dict_item (dict_id);

create table sys_session (
  id varchar(64) primary key,
  user_id varchar(36) not null,
  created_at timestamptz not null default now(),
  last_seen timestamptz not null default now(),
  revoked boolean not null default false,
  ip varchar(64),
  user_agent varchar(255)
);
create index sys_session_user on sys_session (user_id);

create table sys_login_attempt (
  username varchar(100) primary key,
  fail_count integer not null default 0,
  locked_until timestamptz
);

create table sys_sms_code (
  id varchar(36) primary key,
  mobile varchar(32) not null,
  mode varchar(2) not null,
  code_hash varchar(128) not null,
  tries integer not null default 0,
  used boolean not null default false,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null
);
create index sys_sms_code_mobile on sys_sms_code (mobile, created_at);
`,
  },
  {
    // system administration (issue 4, access half): documents describe sys_user, sys_role, sys_depart,
    // sys_depart_role and sys_log (tableOwner: migration), so they get the columns every document table has
    name: '002_access_tables',
    sql: `
alter table sys_user add column sys_org_code varchar(64);
alter table sys_role add column sys_org_code varchar(64);
alter table sys_depart add column sys_org_code varchar(64);
alter table sys_depart add column has_child varchar(3) default '0';
update sys_depart set parent_id = '0' where parent_id is null or parent_id = '';
update sys_depart d set has_child = case when exists (select 1 from sys_depart c where c.parent_id = d.id) then '1' else '0' end;
create index sys_depart_parent on sys_depart (parent_id);
create index sys_user_depart_dep on sys_user_depart (dep_id);
create index sys_user_role_role on sys_user_role (role_id);
create index sys_role_permission_permission on sys_role_permission (permission_id);

create table sys_permission_data_rule (
  id varchar(36) primary key,
  permission_id varchar(64) not null,
  rule_name varchar(50) not null,
  rule_column varchar(50) not null,
  rule_conditions varchar(50) not null,
  rule_value varchar(300) not null,
  status varchar(1) not null default '1',
  ${AUDIT}
);
create index sys_permission_data_rule_permission on sys_permission_data_rule (permission_id);

create table sys_depart_permission (
  id varchar(36) primary key,
  depart_id varchar(36) not null,
  permission_id varchar(64) not null,
  data_rule_ids varchar(1000),
  unique (depart_id, permission_id)
);

create table sys_depart_role (
  id varchar(36) primary key,
  depart_id varchar(36) not null,
  role_name varchar(200) not null,
  role_code varchar(100) not null unique,
  description varchar(255),
  sys_org_code varchar(64),
  ${AUDIT}
);
create index sys_depart_role_depart on sys_depart_role (depart_id);

create table sys_depart_role_user (
  id varchar(36) primary key,
  user_id varchar(36) not null,
  drole_id varchar(36) not null,
  unique (user_id, drole_id)
);
create index sys_depart_role_user_role on sys_depart_role_user (drole_id);

create table sys_depart_role_permission (
  id varchar(36) primary key,
  depart_id varchar(36) not null,
  role_id varchar(36) not null,
  permission_id varchar(64) not null,
  data_rule_ids varchar(1000),
  unique (role_id, permission_id)
);

create table sys_log (
  id varchar(36) primary key,
  log_type integer not null,
  username varchar(100),
  realname varchar(100),
  ip varchar(64),
  request_method varchar(10),
  request_url varchar(255),
  route varchar(255),
  target varchar(500),
  success integer,
  log_content varchar(500),
  cost_time integer,
  user_agent varchar(255),
  sys_org_code varchar(64),
  ${AUDIT}
);
create index sys_log_type_time on sys_log (log_type, create_time);
create index sys_log_username on sys_log (username);
`,
  },
  {
    // the dictionary documents (schemas/system/dict*.json) describe these tables: every document table
    // carries sys_org_code, and an item value is unique within its dictionary
    name: '003_content_dictionaries',
    sql: `
alter table sys_dict add column sys_org_code varchar(64);
alter table sys_dict_item add column sys_org_code varchar(64);
create unique index sys_dict_item_value on sys_dict_item (dict_id, item_value);
`,
  },
  {
    // per-user read state of announcements: rows for listed recipients at release, for 'ALL' ones on read
    name: '003_content_announcement_send',
    sql: `
create table sys_announcement_send (
  id varchar(36) primary key,
  annt_id varchar(36) not null,
  user_id varchar(36) not null,
  read_flag varchar(1) not null default '0',
  read_time timestamp,
  create_time timestamp default now(),
  unique (annt_id, user_id)
);
create index sys_announcement_send_user on sys_announcement_send (user_id, read_flag);
`,
  },
  {
    // fill-rule sequences: one counter per rule and period, incremented atomically so numbers never repeat
    name: '003_content_fill_rule_sequence',
    sql: `
create table sys_fill_rule_sequence (
  rule_code varchar(100) not null,
  period varchar(20) not null,
  value bigint not null,
  primary key (rule_code, period)
);
`,
  },
  {
    // visitors of the phone area (issue 12): a principal of their own, never a sys_user. The table is
    // read by the museum_visitor document (tableOwner: migration), hence the document columns.
    // Identities from an external provider (wxauth) and sessions signed with their own secret.
    // sys_login_ticket: one-time, short-lived tickets that carry a sign-in across a redirect
    // (third-party callback → getLoginUser, an unbound identity → bind after a password login).
    name: 'phone_001_visitors',
    sql: `
create table museum_visitor (
  id varchar(36) primary key,
  mobile varchar(32),
  nickname varchar(100),
  avatar varchar(500),
  status smallint not null default 1,
  last_login_time timestamp,
  ${AUDIT},
  sys_org_code varchar(64)
);
create unique index museum_visitor_mobile on museum_visitor (mobile) where mobile is not null;

create table museum_visitor_identity (
  provider varchar(50) not null,
  subject varchar(200) not null,
  visitor_id varchar(36) not null,
  create_time timestamp default now(),
  primary key (provider, subject)
);
create index museum_visitor_identity_visitor on museum_visitor_identity (visitor_id);

create table museum_visitor_session (
  id varchar(64) primary key,
  visitor_id varchar(36) not null,
  created_at timestamptz not null default now(),
  last_seen timestamptz not null default now(),
  revoked boolean not null default false,
  ip varchar(64),
  user_agent varchar(255)
);
create index museum_visitor_session_visitor on museum_visitor_session (visitor_id);

create table sys_login_ticket (
  id varchar(64) primary key,
  purpose varchar(30) not null,
  payload text not null,
  expires_at timestamptz not null,
  used boolean not null default false,
  created_at timestamptz not null default now()
);
`,
  },
  {
    // spreadsheet imports as recorded jobs (src/server/imports): what landed, batch by batch, is
    // updated in the transaction that writes the batch, so after a crash the record is the truth
    name: '004_import_jobs',
    sql: `
create table sys_import_job (
  id varchar(36) primary key,
  doc_code varchar(100) not null,
  user_id varchar(36) not null,
  username varchar(100),
  file_name varchar(255) not null,
  file_hash varchar(64) not null,
  file_size integer not null,
  state varchar(16) not null,
  rows_total integer,
  rows_landed integer not null default 0,
  rows_failed integer not null default 0,
  batches jsonb not null default '[]',
  message text,
  error_file varchar(100),
  reimport_of varchar(36),
  heartbeat_time timestamp not null default now(),
  create_time timestamp not null default now(),
  end_time timestamp
);
create index sys_import_job_user on sys_import_job (user_id, doc_code, create_time);
create index sys_import_job_file on sys_import_job (doc_code, file_hash);
`,
  },
  {
    // sign-in throttling per account and address and per address (a stranger cannot lock an
    // administrator out from elsewhere); it replaces sys_login_attempt, which stays for instances
    // of the previous version still running during an upgrade
    name: '004_harden_login_throttle',
    sql: `
create table sys_login_throttle (
  key varchar(300) primary key,
  fail_count integer not null default 0,
  window_start timestamptz not null default now(),
  locked_until timestamptz
);
`,
  },
  {
    // who stored each upload, and how big it is: reads by the uploader, a quota per user
    name: '004_harden_uploads',
    sql: `
create table sys_upload (
  path varchar(300) primary key,
  biz varchar(32) not null,
  size bigint not null,
  uploader_id varchar(36) not null,
  create_time timestamp default now()
);
create index sys_upload_uploader on sys_upload (uploader_id);
`,
  },
  {
    // read-only share links of a work order's steps (/workOrderListProcedureStepInfo): only the
    // token's SHA-256 is kept, so the table never holds a working link; a revoked link stays as a record
    name: 'workorder_001_share_links',
    sql: `
create table pro_work_order_share (
  id varchar(36) primary key,
  work_order_id varchar(36) not null,
  token_hash char(64) not null,
  creator_id varchar(36) not null,
  create_by varchar(50),
  create_time timestamp not null default now(),
  revoke_by varchar(50),
  revoke_time timestamp
);
create unique index pro_work_order_share_token on pro_work_order_share (token_hash);
create index pro_work_order_share_order on pro_work_order_share (work_order_id);
`,
  },
  {
    // the file objects (/file/upload, /fileObj/*): each stored upload gets the file_id
    // clients delete it by and keeps the name it was uploaded under; uploads of earlier versions get
    // an id derived from their path. create_time is where the orphan cleanup looks for old files.
    name: 'files_001_file_objects',
    sql: `
alter table sys_upload add column id varchar(36);
alter table sys_upload add column src_file_name varchar(300);
update sys_upload set id = md5(path) where id is null;
alter table sys_upload alter column id set not null;
create unique index sys_upload_id on sys_upload (id);
create index sys_upload_create_time on sys_upload (create_time);
`,
  },
  {
    // the areas of China for pca fields (province, city, district under root 86), keyed by their code
    name: 'area_001_sys_area',
    sql: `
create table sys_area (
  code varchar(12) primary key,
  pid varchar(12) not null,
  name varchar(50) not null,
  full_name varchar(150) not null,
  level int not null,
  has_child varchar(1) not null default '0'
);
create index sys_area_pid on sys_area (pid);
create index sys_area_full_name on sys_area (full_name);
`,
    fill: fillAreas,
  },
  {
    // the saved advanced queries (保存的查询): one user's, per list (document code), unique
    // by title for that user and list; conditions as the superQueryParams JSON; shared with roles
    name: 'query_001_saved_queries',
    sql: `
create table sys_saved_query (
  id varchar(36) primary key,
  user_id varchar(36) not null,
  doc_code varchar(100) not null,
  title varchar(50) not null,
  match_type varchar(3) not null default 'and',
  conditions text not null,
  create_time timestamp not null default now(),
  update_time timestamp
);
create unique index sys_saved_query_title on sys_saved_query (user_id, doc_code, title);
create index sys_saved_query_doc on sys_saved_query (doc_code);
create table sys_saved_query_role (
  query_id varchar(36) not null,
  role_id varchar(36) not null,
  primary key (query_id, role_id)
);
create index sys_saved_query_role_role on sys_saved_query_role (role_id);
`,
  },
  {
    // the hash of the HttpOnly cookie a browser's session is bound to (src/server/auth/binding.ts);
    // null for a session the token alone opens
    name: 'session_001_browser_binding',
    sql: `
alter table sys_session add column binding varchar(64);
alter table museum_visitor_session add column binding varchar(64);
`,
  },
  {
    // the console language each user chose (src/core/locale.ts); null follows the browser's choice
    name: 'user_001_locale',
    sql: `alter table sys_user add column locale varchar(10);`,
  },
  {
    // 菜单管理 is a tree document (schemas/system/permission.json): the generic tree reads a node's
    // children flag as '1'/'0' text, derived here from is_leaf, which the menu routes keep true; a
    // document's table carries sys_org_code
    name: 'permission_001_document_columns',
    sql: `
alter table sys_permission add column has_child varchar(1)
  generated always as (case when is_leaf then '0' else '1' end) stored;
alter table sys_permission add column sys_org_code varchar(64);
`,
  },
  {
    // 定时任务 that run (src/server/jobs/): one row per tick of a job, claimed by the instance that
    // inserts it first (the partial unique index makes a tick run once however many instances try; times
    // are the database session's local time, Asia/Shanghai, as every document's datetime columns);
    // manual runs (立即执行) name their user and take no tick. A running row's lease is renewed by its
    // instance; one left to expire is a dead instance's and is marked failed. The job kinds the code
    // registers are written to sys_quartz_job_kind at start, for the 任务类名 dictionary.
    name: 'jobs_001_runs',
    sql: `
create table sys_quartz_job_run (
  id varchar(36) primary key,
  job_id varchar(36) not null,
  job_class_name varchar(255) not null,
  fire_time timestamp not null,
  start_time timestamp not null default now(),
  end_time timestamp,
  duration_ms integer,
  state varchar(16) not null default 'running',
  message text,
  instance_id varchar(64) not null,
  manual_by varchar(100),
  lease_until timestamptz not null,
  sys_org_code varchar(64),
  ${AUDIT}
);
create unique index sys_quartz_job_run_tick on sys_quartz_job_run (job_id, fire_time) where manual_by is null;
create index sys_quartz_job_run_job on sys_quartz_job_run (job_id, start_time desc);
create index sys_quartz_job_run_running on sys_quartz_job_run (lease_until) where state = 'running';
create table sys_quartz_job_kind (
  name varchar(255) primary key,
  title varchar(100) not null,
  description text,
  sort_no integer not null default 0
);
`,
  },
  {
    // 数据规则 is a document (schemas/system/permission-data-rule.json) listed by the generic list: a
    // document's table carries sys_org_code
    name: 'permission_002_data_rule_document',
    sql: `
alter table sys_permission_data_rule add column sys_org_code varchar(64);
`,
  },
];

export async function migrate(db: Db): Promise<string[]> {
  await sql`create table if not exists sys_migration (name varchar(100) primary key, applied_at timestamptz default now())`.execute(
    db,
  );
  const done = new Set(
    (await db.selectFrom('sys_migration').select('name').execute()).map((r) => r.name as string),
  );
  const applied: string[] = [];
  for (const m of MIGRATIONS) {
    if (done.has(m.name)) continue;
    await db.transaction().execute(async (trx) => {
      await sql.raw(m.sql).execute(trx);
      await m.fill?.(trx);
      await trx.insertInto('sys_migration').values({ name: m.name }).execute();
    });
    applied.push(m.name);
  }
  return applied;
}

import type { ColumnType, Generated } from 'kysely';

/**
 * The columns of the tables migrations.ts creates, as the queries see them: a misspelt column or table
 * of these is a compile error. Document tables are named at run time (db/sync.ts) and are queried
 * through DocDb (db/connect.ts) instead. Values are as the connection's type parsers return them
 * (db/connect.ts): timestamp and date as strings, timestamptz as a Date, numeric as a number, bigint
 * as a string. Keep in step with migrations.ts: a new step's columns are added here.
 */

/** a timestamp column: read as the wire's string, written as a string or a Date; with a default, or nullable */
type DefaultStamp = ColumnType<string, string | Date | undefined, string | Date>;
type StampOrNull = ColumnType<string | null, string | Date | null | undefined, string | Date | null>;
/** a timestamptz column: read as a Date, written as a Date or an ISO string */
type Instant = ColumnType<Date, Date | string, Date | string>;
/** a column with a default: optional on insert */
type Defaulted<T> = Generated<T>;

/** the columns every document table carries (AUDIT in migrations.ts) */
interface Audit {
  create_by: string | null;
  create_time: StampOrNull;
  update_by: string | null;
  update_time: StampOrNull;
}

/** the columns documents describing a migration-owned table carry besides (002_access_tables) */
interface Organised extends Audit {
  sys_org_code: string | null;
}

/** one run of a 定时任务: a claimed tick, or a manual run (jobs_001_runs) */
export interface SysQuartzJobRun extends Organised {
  id: string;
  job_id: string;
  job_class_name: string;
  fire_time: DefaultStamp;
  start_time: DefaultStamp;
  end_time: StampOrNull;
  duration_ms: number | null;
  state: Defaulted<string>;
  message: string | null;
  instance_id: string;
  manual_by: string | null;
  lease_until: Instant;
}

/** a job kind the code registers, for the 任务类名 dictionary (jobs_001_runs) */
export interface SysQuartzJobKind {
  name: string;
  title: string;
  description: string | null;
  sort_no: Defaulted<number>;
}

export interface SysMigration {
  name: string;
  applied_at: Defaulted<Date | null>;
}

export interface SysSetting {
  key: string;
  value: string;
}

export interface SysUser extends Organised {
  id: string;
  username: string;
  realname: string | null;
  password: string | null;
  avatar: string | null;
  birthday: string | null;
  sex: number | null;
  email: string | null;
  phone: string | null;
  org_code: string | null;
  status: Defaulted<number>;
  del_flag: Defaulted<number>;
  work_no: string | null;
  post: string | null;
  telephone: string | null;
  user_identity: Defaulted<number | null>;
  depart_ids: string | null;
  rel_tenant_ids: string | null;
  select_depart_id: string | null;
  select_position_id: string | null;
  /** the console language the user chose (user_001_locale) */
  locale: string | null;
}

export interface SysRole extends Organised {
  id: string;
  role_name: string;
  role_code: string;
  description: string | null;
}

export interface SysUserRole {
  id: string;
  user_id: string;
  role_id: string;
}

export interface SysPermission extends Audit {
  id: string;
  parent_id: string | null;
  name: string;
  url: string | null;
  component: string | null;
  component_name: string | null;
  redirect: string | null;
  menu_type: Defaulted<number>;
  perms: string | null;
  perms_type: Defaulted<string | null>;
  sort_no: Defaulted<number | null>;
  always_show: Defaulted<boolean | null>;
  icon: string | null;
  is_route: Defaulted<boolean | null>;
  is_leaf: Defaulted<boolean | null>;
  keep_alive: Defaulted<boolean | null>;
  hidden: Defaulted<boolean | null>;
  description: string | null;
  status: Defaulted<string | null>;
  rule_flag: Defaulted<number | null>;
  internal_or_external: Defaulted<boolean | null>;
  del_flag: Defaulted<number>;
  source: string | null;
}

/** a grant of a permission (with its data rules) to a role, a department or a department's role */
interface Grant {
  id: string;
  permission_id: string;
  data_rule_ids: string | null;
}

export interface SysRolePermission extends Grant {
  role_id: string;
}

export interface SysDepartPermission extends Grant {
  depart_id: string;
}

export interface SysDepartRolePermission extends Grant {
  depart_id: string;
  role_id: string;
}

export interface SysDepart extends Organised {
  id: string;
  parent_id: string | null;
  depart_name: string;
  depart_name_en: string | null;
  depart_order: Defaulted<number | null>;
  description: string | null;
  org_category: Defaulted<string | null>;
  org_type: string | null;
  org_code: string;
  mobile: string | null;
  address: string | null;
  memo: string | null;
  status: Defaulted<string | null>;
  del_flag: Defaulted<string | null>;
  has_child: Defaulted<string | null>;
}

export interface SysUserDepart {
  id: string;
  user_id: string;
  dep_id: string;
}

export interface SysDict extends Organised {
  id: string;
  dict_name: string;
  dict_code: string;
  description: string | null;
  del_flag: Defaulted<number>;
  type: Defaulted<number | null>;
}

export interface SysDictItem extends Organised {
  id: string;
  dict_id: string;
  item_text: string;
  item_value: string;
  item_color: string | null;
  description: string | null;
  sort_order: Defaulted<number | null>;
  status: Defaulted<number | null>;
}

/** a signed-in session: of a user (sys_session) or of a visitor (museum_visitor_session) */
interface Session {
  id: string;
  created_at: Defaulted<Date>;
  last_seen: Defaulted<Date>;
  revoked: Defaulted<boolean>;
  ip: string | null;
  user_agent: string | null;
  binding: string | null;
}

export interface SysSession extends Session {
  user_id: string;
}

export interface SysLoginAttempt {
  username: string;
  fail_count: Defaulted<number>;
  locked_until: Instant | null;
}

export interface SysLoginThrottle {
  key: string;
  fail_count: Defaulted<number>;
  window_start: Defaulted<Date>;
  locked_until: Instant | null;
}

export interface SysSmsCode {
  id: string;
  mobile: string;
  mode: string;
  code_hash: string;
  tries: Defaulted<number>;
  used: Defaulted<boolean>;
  created_at: Defaulted<Date>;
  expires_at: Instant;
}

export interface SysPermissionDataRule extends Organised {
  id: string;
  permission_id: string;
  rule_name: string;
  rule_column: string;
  rule_conditions: string;
  rule_value: string;
  status: Defaulted<string>;
}

export interface SysDepartRole extends Organised {
  id: string;
  depart_id: string;
  role_name: string;
  role_code: string;
  description: string | null;
}

export interface SysDepartRoleUser {
  id: string;
  user_id: string;
  drole_id: string;
}

export interface SysLog extends Organised {
  id: string;
  log_type: number;
  username: string | null;
  realname: string | null;
  ip: string | null;
  request_method: string | null;
  request_url: string | null;
  route: string | null;
  target: string | null;
  success: number | null;
  log_content: string | null;
  cost_time: number | null;
  user_agent: string | null;
}

export interface SysAnnouncementSend {
  id: string;
  annt_id: string;
  user_id: string;
  read_flag: Defaulted<string>;
  read_time: StampOrNull;
  create_time: StampOrNull;
}

export interface SysFillRuleSequence {
  rule_code: string;
  period: string;
  /** bigint: read as a string */
  value: ColumnType<string, number | string | bigint, number | string | bigint>;
}

export interface MuseumVisitor extends Organised {
  id: string;
  mobile: string | null;
  nickname: string | null;
  avatar: string | null;
  status: Defaulted<number>;
  last_login_time: StampOrNull;
}

export interface MuseumVisitorIdentity {
  provider: string;
  subject: string;
  visitor_id: string;
  create_time: StampOrNull;
}

export interface MuseumVisitorSession extends Session {
  visitor_id: string;
}

export interface SysLoginTicket {
  id: string;
  purpose: string;
  payload: string;
  expires_at: Instant;
  used: Defaulted<boolean>;
  created_at: Defaulted<Date>;
}

export interface SysImportJob {
  id: string;
  doc_code: string;
  user_id: string;
  username: string | null;
  file_name: string;
  file_hash: string;
  file_size: number;
  state: string;
  rows_total: number | null;
  rows_landed: Defaulted<number>;
  rows_failed: Defaulted<number>;
  /** jsonb: read parsed, written as JSON text */
  batches: ColumnType<unknown, string | undefined, string>;
  message: string | null;
  error_file: string | null;
  reimport_of: string | null;
  heartbeat_time: DefaultStamp;
  create_time: DefaultStamp;
  end_time: StampOrNull;
}

export interface SysUpload {
  id: string;
  path: string;
  src_file_name: string | null;
  biz: string;
  /** bigint: read as a string */
  size: ColumnType<string, number | string | bigint, number | string | bigint>;
  uploader_id: string;
  create_time: StampOrNull;
}

export interface ProWorkOrderShare {
  id: string;
  work_order_id: string;
  token_hash: string;
  creator_id: string;
  create_by: string | null;
  create_time: DefaultStamp;
  revoke_by: string | null;
  revoke_time: StampOrNull;
}

export interface SysArea {
  code: string;
  pid: string;
  name: string;
  full_name: string;
  level: number;
  has_child: Defaulted<string>;
}

export interface SysSavedQuery {
  id: string;
  user_id: string;
  doc_code: string;
  title: string;
  match_type: Defaulted<string>;
  conditions: string;
  create_time: DefaultStamp;
  update_time: StampOrNull;
}

export interface SysSavedQueryRole {
  query_id: string;
  role_id: string;
}

export interface SystemTables {
  sys_migration: SysMigration;
  sys_setting: SysSetting;
  sys_user: SysUser;
  sys_role: SysRole;
  sys_user_role: SysUserRole;
  sys_permission: SysPermission;
  sys_role_permission: SysRolePermission;
  sys_depart: SysDepart;
  sys_user_depart: SysUserDepart;
  sys_dict: SysDict;
  sys_dict_item: SysDictItem;
  sys_session: SysSession;
  sys_login_attempt: SysLoginAttempt;
  sys_login_throttle: SysLoginThrottle;
  sys_sms_code: SysSmsCode;
  sys_permission_data_rule: SysPermissionDataRule;
  sys_depart_permission: SysDepartPermission;
  sys_depart_role: SysDepartRole;
  sys_depart_role_user: SysDepartRoleUser;
  sys_depart_role_permission: SysDepartRolePermission;
  sys_log: SysLog;
  sys_announcement_send: SysAnnouncementSend;
  sys_fill_rule_sequence: SysFillRuleSequence;
  museum_visitor: MuseumVisitor;
  museum_visitor_identity: MuseumVisitorIdentity;
  museum_visitor_session: MuseumVisitorSession;
  sys_login_ticket: SysLoginTicket;
  sys_import_job: SysImportJob;
  sys_upload: SysUpload;
  pro_work_order_share: ProWorkOrderShare;
  sys_area: SysArea;
  sys_saved_query: SysSavedQuery;
  sys_saved_query_role: SysSavedQueryRole;
  sys_quartz_job_run: SysQuartzJobRun;
  sys_quartz_job_kind: SysQuartzJobKind;
}

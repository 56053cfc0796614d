import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { adminToken, call, get, lastSms, login, post, uniq, type Envelope } from './setup/client';

/**
 * Injection strings in every identifier-like parameter (reference §3: table dictionaries,
 * loadTreeData, duplicate check, sort column, superQuery field, id lists): every answer is a clean
 * envelope, nothing leaks (no password hash, no sys_user row the dictionary would not show), and
 * nothing changes (our own rows, the tables and logins are the same after the barrage).
 */

const LONG = "' or 1=1 --".repeat(500).slice(0, 5000);

const PAYLOADS = [
  "'",
  "' or '1'='1",
  'name; drop table base_unit; --',
  'name/**/union/**/select password from sys_user',
  '1) union select username,password from sys_user --',
  '(select password from sys_user limit 1)',
  'name desc, (select 1/0)',
  'case when (select count(*) from sys_user)>0 then name else code end',
  'sys_user',
  'sys_user,username,password',
  "sys_user,realname,username,1=1 or password like '%'",
  'name\n--',
  'name%0A--',
  'name/*x*/',
  'name/*%0A*/union select 1',
  '"password"',
  'password',
  'salt',
  '"sys_user"."password"',
  "name\u0000'",
  '\\',
  "name') or ('1'='1",
  LONG,
];

/** words that would betray SQL, the driver or source files in a message */
const FORBIDDEN = [
  'select',
  'syntax',
  'postgres',
  'pglite',
  'kysely',
  'at /',
  '.ts',
  'node_modules',
  'relation ',
];

type Res = { status: number; json: Envelope };

const count = (hay: string, needle: string) => hay.split(needle).length - 1;

let token = '';
let secretUser = { username: '', phone: '', password: '' };
const prefix = `INJ${uniq()}`.replace(/[^A-Za-z0-9]/g, '').slice(0, 20);
const myUnits: Record<string, unknown>[] = [];
let unitKeys = new Set<string>();
let unitNames = new Set<string>();
let areaNames = new Set<string>();
const problems: string[] = [];

function mobile(): string {
  let digits = '';
  for (let i = 0; i < 9; i++) digits += Math.floor(Math.random() * 10);
  return `13${digits}`;
}

/** the checks every answer of the barrage must pass; failures are collected with their request */
function inspect(label: string, payload: string, res: Res): void {
  const where = `${label} <${JSON.stringify(payload.slice(0, 60))}>`;
  const { status, json } = res;
  if (status !== 200) problems.push(`${where}: HTTP ${status} ${JSON.stringify(json).slice(0, 200)}`);
  if (
    !json ||
    typeof json.success !== 'boolean' ||
    typeof json.message !== 'string' ||
    typeof json.code !== 'number' ||
    typeof json.timestamp !== 'number' ||
    !('result' in json)
  ) {
    problems.push(`${where}: not an envelope: ${JSON.stringify(json).slice(0, 200)}`);
    return;
  }
  const text = JSON.stringify(json);
  if (text.includes('scrypt$')) problems.push(`${where}: password hash in the answer`);
  if (text.includes(secretUser.username)) problems.push(`${where}: another user's username leaked`);
  if (text.includes(secretUser.phone)) problems.push(`${where}: another user's phone leaked`);
  if (/\n\s+at /.test(text) || 'stack' in json) problems.push(`${where}: stack trace`);
  // a message may repeat the request's own text; anything beyond that is a leak
  const message = json.message.toLowerCase();
  const asked = payload.toLowerCase();
  for (const w of FORBIDDEN)
    if (count(message, w) > count(asked, w))
      problems.push(`${where}: message reveals '${w}': ${json.message}`);
  if (json.success && json.code !== 200) problems.push(`${where}: success with code ${json.code}`);
  if (!json.success && json.code === 200) problems.push(`${where}: failure with code 200`);
}

function expectThat(label: string, payload: string, ok: boolean, res: Res, what: string): void {
  if (!ok)
    problems.push(
      `${label} <${JSON.stringify(payload.slice(0, 60))}>: ${what}; got ${JSON.stringify(res.json).slice(0, 300)}`,
    );
}

/** one request of the barrage; a transport failure becomes a reported problem, not an abort */
async function ask(method: string, path: string, query: Record<string, string | number> = {}): Promise<Res> {
  try {
    return await call(method, path, { token, query });
  } catch (e) {
    return { status: -1, json: { error: String(e).slice(0, 200) } as unknown as Envelope };
  }
}

const listUnits = (query: Record<string, string | number>) => ask('GET', '/base/unit/list', query);
const dictPath = (endpoint: string, code: string, query?: Record<string, string>) =>
  ask('GET', `/sys/dict/${endpoint}/${encodeURIComponent(code)}`, query);

/** a list answer: only base_unit columns, and (when asked) no rows at all */
function checkList(label: string, payload: string, res: Res, mustBeEmpty: boolean): void {
  inspect(label, payload, res);
  if (!res.json?.success) return;
  const records = res.json.result?.records;
  expectThat(label, payload, Array.isArray(records), res, 'records is not a list');
  if (!Array.isArray(records)) return;
  for (const r of records)
    for (const k of Object.keys(r))
      if (!unitKeys.has(k)) expectThat(label, payload, false, res, `unexpected column ${k}`);
  if (mustBeEmpty)
    expectThat(label, payload, res.json.result.total === 0 && records.length === 0, res, 'rows matched');
}

/** a dictionary answer: failure, or options whose texts are among the allowed ones */
function checkOptions(label: string, payload: string, res: Res, allowed: Set<string>): void {
  inspect(label, payload, res);
  if (!res.json?.success) return;
  const list = res.json.result;
  expectThat(label, payload, Array.isArray(list), res, 'result is not a list');
  if (!Array.isArray(list)) return;
  for (const o of list) {
    const keys = Object.keys(o).filter((k) => !['value', 'text', 'title', 'label', 'color'].includes(k));
    expectThat(label, payload, keys.length === 0, res, `unexpected keys ${keys.join(',')}`);
    expectThat(label, payload, allowed.has(o.text), res, `unexpected option ${JSON.stringify(o)}`);
  }
}

async function snapshot() {
  const rows = [];
  for (const u of myUnits)
    rows.push((await get('/base/unit/queryById', token, { id: String(u.id) })).json.result);
  const total = (await listUnits({ code: `${prefix}*`, pageSize: 100 })).json.result.total;
  return { rows, total };
}
let before: Awaited<ReturnType<typeof snapshot>>;

beforeAll(async () => {
  token = await adminToken();
  // another account, registered through the real SMS flow: its username and phone must never leak
  const phone = mobile();
  expect((await post('/sys/sms', { mobile: phone, smsmode: '1' })).json.success).toBe(true);
  const smscode = (await lastSms(phone))!.code;
  secretUser = { username: `sec_${uniq()}`.slice(0, 18), phone, password: `Sx${uniq()}8` };
  const reg = await post('/sys/user/register', { ...secretUser, smscode });
  expect(reg.json.success).toBe(true);
  // our own rows, so concurrent test files cannot disturb the before/after comparison
  for (let i = 1; i <= 3; i++) {
    const add = await post(
      '/base/unit/add',
      { name: `注入测试${prefix}${i}`, code: `${prefix}${i}`, unitType: '3', status: '1', symbol: 'x' },
      token,
    );
    expect(add.json).toMatchObject({ success: true });
    myUnits.push((await get('/base/unit/queryById', token, { id: add.json.result })).json.result);
  }
  const legit = await listUnits({ pageSize: 1000 });
  expect(legit.json.success).toBe(true);
  unitKeys = new Set(legit.json.result.records.flatMap((r: object) => Object.keys(r)));
  unitNames = new Set(legit.json.result.records.map((r: any) => r.name));
  const areas = await dictPath('getDictItems', 'base_area,name,id');
  areaNames = new Set(areas.json.result.map((o: any) => o.text));
  before = await snapshot();
  expect(before.total).toBe(3);
});

afterAll(async () => {
  for (const u of myUnits) await call('DELETE', '/base/unit/delete', { token, query: { id: String(u.id) } });
});

describe('legitimate calls work (so the barrage can fail)', () => {
  it('getDictItems/sex is 男/女 and sys_user,realname,username shows the users', async () => {
    const sex = await dictPath('getDictItems', 'sex');
    expect(sex.json.result.map((o: any) => o.text)).toEqual(['男', '女']);
    const users = await dictPath('getDictItems', 'sys_user,realname,username');
    expect(users.json.success).toBe(true);
    expect(users.json.result).toContainEqual(expect.objectContaining({ value: 'admin', text: '管理员' }));
    // the other account is visible where the dictionary legitimately shows it, so a leak would be seen
    expect(users.json.result.map((o: any) => o.value)).toContain(secretUser.username);
    expect(JSON.stringify(users.json)).not.toContain('scrypt$');
  });

  it('lists, filters, sorts and checks duplicates on base_unit', async () => {
    const mine = await listUnits({ code: `${prefix}*`, column: 'code', order: 'asc', field: 'id,code' });
    expect(mine.json.result.records.map((r: any) => r.code)).toEqual([1, 2, 3].map((i) => `${prefix}${i}`));
    const dup = await get('/sys/duplicate/check', token, {
      tableName: 'base_unit',
      fieldName: 'code',
      fieldVal: `${prefix}1`,
    });
    expect(dup.json).toMatchObject({ success: false, message: '单位编码已存在' });
    expect(unitNames.has('千克')).toBe(true);
    expect(areaNames.has('中国')).toBe(true);
  });
});

describe('the barrage', () => {
  beforeEach(() => {
    problems.length = 0;
  });

  it('list: column, order and field (projection)', async () => {
    for (const p of PAYLOADS) {
      checkList('list column', p, await listUnits({ column: p }), false);
      checkList('list column (list)', p, await listUnits({ column: `name,${p}` }), false);
      checkList('list order', p, await listUnits({ column: 'name', order: p }), false);
      checkList('list field', p, await listUnits({ field: p }), false);
      checkList('list field (list)', p, await listUnits({ field: `id,${p}` }), false);
    }
    expect(problems).toEqual([]);
  });

  it('list: filter names and filter values', async () => {
    for (const key of ['password', 'salt', "name'", 'name;', 'name--', '"name"', 'name)']) {
      checkList(`list filter key ${key}`, key, await listUnits({ [key]: 'x' }), false);
    }
    for (const p of PAYLOADS) {
      checkList('list filter key', p, await listUnits({ [p]: 'x' }), false);
      checkList('list filter key _begin', p, await listUnits({ [`${p}_begin`]: '1' }), false);
      for (const f of ['name', 'code', 'status', 'unitType', 'symbol'])
        checkList(`list filter ${f}=`, p, await listUnits({ [f]: p }), true);
      checkList('list filter name like', p, await listUnits({ name: `*${p}*` }), true);
      checkList('list filter code IN', p, await listUnits({ code: `${p},x` }), true);
      checkList('list filter _MultiString', p, await listUnits({ name_MultiString: p }), true);
      checkList('list filter createTime_begin', p, await listUnits({ createTime_begin: p }), false);
      checkList('list filter name !', p, await listUnits({ code: `${prefix}*`, name: `!${p}` }), false);
    }
    expect(problems).toEqual([]);
  });

  it('list: superQueryParams as field, rule and value; superQueryMatchType', async () => {
    const sq = (items: unknown, matchType?: string) =>
      listUnits({
        superQueryParams: encodeURI(JSON.stringify(items)),
        ...(matchType === undefined ? {} : { superQueryMatchType: matchType }),
      });
    for (const p of PAYLOADS) {
      checkList('superQuery field', p, await sq([{ field: p, rule: 'eq', val: 'x' }]), false);
      checkList('superQuery rule', p, await sq([{ field: 'name', rule: p, val: 'x' }]), false);
      for (const rule of ['eq', 'like', 'in', 'right_like', 'ne'])
        checkList(
          `superQuery val (${rule})`,
          p,
          await sq([
            { field: 'code', rule: 'right_like', val: prefix },
            { field: 'name', rule, val: p },
          ]),
          rule !== 'ne',
        );
      checkList(
        'superQueryMatchType',
        p,
        await sq([{ field: 'name', rule: 'eq', val: 'nothing' }], p),
        false,
      );
      checkList('superQueryParams raw', p, await listUnits({ superQueryParams: p }), false);
    }
    // an "or" that would widen the query if the match type were pasted into SQL
    const widened = await sq(
      [
        { field: 'name', rule: 'eq', val: 'nothing' },
        { field: 'code', rule: 'eq', val: 'nothing' },
      ],
      'or 1=1 or',
    );
    checkList('superQueryMatchType widening', 'or 1=1 or', widened, true);
    expect(problems).toEqual([]);
  });

  it('list: superQueryParams that are not an array, or deeply nested', async () => {
    const nested = (depth: number) => {
      let v: unknown = 'x';
      for (let i = 0; i < depth; i++) v = { field: v, rule: v, val: v };
      return v;
    };
    const deepObject = () => {
      let v: unknown = 'x';
      for (let i = 0; i < 500; i++) v = { a: v };
      return v;
    };
    const cases: [string, string][] = [
      ['object', JSON.stringify({ field: 'name', rule: 'eq', val: 'x' })],
      ['string', JSON.stringify('name')],
      ['number', '1'],
      ['null', 'null'],
      ['true', 'true'],
      ['empty object', '{}'],
      ['broken', '[{"field":"name",'],
      ['nested field', JSON.stringify([{ field: nested(4), rule: 'eq', val: 'x' }])],
      ['nested val', JSON.stringify([{ field: 'name', rule: 'eq', val: deepObject() }])],
      ['nested arrays', `${'['.repeat(2000)}${']'.repeat(2000)}`],
      ['nested objects', `${'{"a":'.repeat(600)}1${'}'.repeat(600)}`],
      ['array of arrays', JSON.stringify([[{ field: 'name', rule: 'eq', val: 'x' }]])],
      ['too long', JSON.stringify([{ field: 'name', rule: 'eq', val: 'x'.repeat(600) }])],
      [
        'too many',
        JSON.stringify(Array.from({ length: 60 }, () => ({ field: 'name', rule: 'eq', val: 'x' }))),
      ],
      ['val list', JSON.stringify([{ field: 'name', rule: 'eq', val: ["' or '1'='1"] }])],
      ['field list', JSON.stringify([{ field: ['name', 'password'], rule: 'eq', val: 'x' }])],
    ];
    for (const [label, raw] of cases) {
      const res = await listUnits({ superQueryParams: raw });
      checkList(`superQueryParams ${label}`, raw, res, false);
      expectThat(`superQueryParams ${label}`, raw.slice(0, 40), !res.json.success, res, 'accepted');
    }
    expect(problems).toEqual([]);
  });

  it('dictionary code paths: getDictItems, loadDict (and keyword), loadDictItem (and key)', async () => {
    const none = new Set<string>();
    for (const p of PAYLOADS) {
      for (const endpoint of ['getDictItems', 'loadDict', 'loadDictItem']) {
        const q = endpoint === 'loadDictItem' ? { key: 'KG' } : undefined;
        checkOptions(`${endpoint}/P`, p, await dictPath(endpoint, p, q), none);
        checkOptions(`${endpoint}/P,name,code`, p, await dictPath(endpoint, `${p},name,code`, q), none);
        checkOptions(
          `${endpoint}/base_unit,P,code`,
          p,
          await dictPath(endpoint, `base_unit,${p},code`, q),
          none,
        );
        checkOptions(
          `${endpoint}/base_unit,name,P`,
          p,
          await dictPath(endpoint, `base_unit,name,${p}`, q),
          none,
        );
        checkOptions(
          `${endpoint}/sys_user,realname,P`,
          p,
          await dictPath(endpoint, `sys_user,realname,${p}`, q),
          none,
        );
        checkOptions(
          `${endpoint}/base_unit,name,code,P`,
          p,
          await dictPath(endpoint, `base_unit,name,code,${p}`, q),
          none,
        );
        checkOptions(
          `${endpoint}/base_unit,name,code,code='KG' and P`,
          p,
          await dictPath(endpoint, `base_unit,name,code,code='KG' and ${p}`, q),
          none,
        );
        checkOptions(
          `${endpoint}/base_unit,name,code,{"code":P}`,
          p,
          await dictPath(endpoint, `base_unit,name,code,${JSON.stringify({ code: p })}`, q),
          none,
        );
        checkOptions(
          `${endpoint}/base_unit,name,code,{P:"1"}`,
          p,
          await dictPath(endpoint, `base_unit,name,code,${JSON.stringify({ [p]: '1' })}`, q),
          none,
        );
      }
      checkOptions(
        'loadDict keyword',
        p,
        await dictPath('loadDict', 'base_unit,name,code', { keyword: p }),
        none,
      );
      checkOptions(
        'loadDict keyword (sys_user)',
        p,
        await dictPath('loadDict', 'sys_user,realname,id', { keyword: p }),
        none,
      );
      checkOptions(
        'loadDict pageSize',
        p,
        await dictPath('loadDict', 'base_unit,name,code', { keyword: 'KG', pageSize: p }),
        none,
      );
      const item = await dictPath('loadDictItem', 'base_unit,name,code', { key: p });
      inspect('loadDictItem key', p, item);
      if (item.json?.success)
        expectThat('loadDictItem key', p, JSON.stringify(item.json.result) === '[]', item, 'texts found');
      const kept = await dictPath('loadDictItem', 'base_unit,name,code', { key: `KG,${p}`, delNotExist: p });
      inspect('loadDictItem delNotExist', p, kept);
    }
    expect(problems).toEqual([]);
  });

  it('loadTreeData: tableName, text, code, pidField, hasChildField, pid, condition', async () => {
    const base = {
      tableName: 'base_area',
      text: 'name',
      code: 'id',
      pidField: 'pid',
      hasChildField: 'has_child',
    };
    const tree = (q: Record<string, string>) =>
      ask('GET', '/sys/dict/loadTreeData', { ...base, pid: '', ...q });
    const asNodes = (res: Res) =>
      res.json?.success && Array.isArray(res.json.result)
        ? { ...res, json: { ...res.json, result: res.json.result.map((n: any) => ({ text: n.title })) } }
        : res;
    for (const p of PAYLOADS) {
      for (const name of ['tableName', 'text', 'code', 'pidField', 'hasChildField']) {
        const res = await tree({ [name]: p });
        inspect(`loadTreeData ${name}`, p, res);
        expectThat(`loadTreeData ${name}`, p, !res.json.success, res, 'accepted');
      }
      const byPid = await tree({ pid: p });
      checkOptions('loadTreeData pid', p, asNodes(byPid), new Set());
      for (const [label, condition] of [
        ['condition raw', p],
        ['condition raw and', `has_child='1' and ${p}`],
        ['condition json value', JSON.stringify({ has_child: p })],
        ['condition json key', JSON.stringify({ [p]: '1' })],
        ['condition json list', JSON.stringify({ has_child: [p] })],
      ]) {
        const res = await tree({ condition });
        checkOptions(`loadTreeData ${label}`, p, asNodes(res), areaNames);
        if (label !== 'condition json value')
          expectThat(`loadTreeData ${label}`, p, !res.json.success, res, 'accepted');
        else if (res.json.success)
          expectThat(`loadTreeData ${label}`, p, res.json.result.length === 0, res, 'rows matched');
      }
    }
    expect(problems).toEqual([]);
  });

  it('duplicate check and checkWhere: table, field, value, dataId', async () => {
    const mine = `${prefix}1`;
    for (const p of PAYLOADS) {
      for (const [url, t, f, v] of [
        ['/sys/duplicate/check', 'tableName', 'fieldName', 'fieldVal'],
        ['/sys/duplicate/checkWhere', 'table', 'field', 'value'],
      ]) {
        const check = (q: Record<string, string>) =>
          ask('GET', url, { [t]: 'base_unit', [f]: 'code', [v]: mine, ...q });
        for (const name of [t, f]) {
          const res = await check({ [name]: p });
          inspect(`${url} ${name}`, p, res);
          expectThat(`${url} ${name}`, p, !res.json.success, res, 'accepted');
          expectThat(
            `${url} ${name}`,
            p,
            res.json.message !== '该值不可用，系统中已存在！',
            res,
            'answered as a real check',
          );
        }
        const value = await check({ [v]: p });
        inspect(`${url} ${v}`, p, value);
        // never "taken" (a widened match); "available" unless the value could not be checked at all
        expectThat(
          `${url} ${v}`,
          p,
          value.json.message !== '该值不可用，系统中已存在！' &&
            (p.length > 500 || p.includes('\u0000') || value.json.message === '该值可用！'),
          value,
          'value matched',
        );
        const dataId = await check({ dataId: p });
        inspect(`${url} dataId`, p, dataId);
        // the value exists and the payload is not its id: never "available"
        expectThat(`${url} dataId`, p, !dataId.json.success, dataId, 'excluded more than one id');
        const userTable = await ask('GET', url, { [t]: 'sys_session', [f]: 'user_id', [v]: p });
        inspect(`${url} sys_session`, p, userTable);
        expectThat(`${url} sys_session`, p, !userTable.json.success, userTable, 'sys_session accepted');
      }
    }
    expect(problems).toEqual([]);
  });

  it('ids of queryById, delete and deleteBatch', async () => {
    const mine = String(myUnits[0].id);
    for (const p of PAYLOADS) {
      const one = await ask('GET', '/base/unit/queryById', { id: p });
      inspect('queryById', p, one);
      expectThat('queryById', p, !one.json.success, one, 'found a row');
      const del = await ask('DELETE', '/base/unit/delete', { id: p });
      inspect('delete', p, del);
      expectThat('delete', p, !del.json.success, del, 'deleted');
      const batch = await ask('DELETE', '/base/unit/deleteBatch', { ids: p });
      inspect('deleteBatch', p, batch);
      expectThat('deleteBatch', p, !batch.json.success, batch, 'deleted');
      const mixed = await ask('DELETE', '/base/unit/deleteBatch', { ids: `${mine},${p}` });
      inspect('deleteBatch mixed', p, mixed);
      expectThat('deleteBatch mixed', p, !mixed.json.success, mixed, 'deleted');
      const tree = await ask('GET', '/base/area/getAreaTree', { pid: p });
      inspect('getAreaTree pid', p, tree);
    }
    expect(problems).toEqual([]);
  });
});

describe('after the barrage', () => {
  it('our rows and their count are unchanged', async () => {
    const after = await snapshot();
    expect(after.total).toBe(before.total);
    expect(after.rows).toEqual(before.rows);
    expect(after.rows).toEqual(myUnits);
  });

  it('logins work as before and the tables still exist', async () => {
    expect(await login('admin', inject('adminPassword'))).toEqual(expect.any(String));
    expect(await login(secretUser.username, secretUser.password)).toEqual(expect.any(String));
    const wrong = await post('/sys/login', { username: 'admin', password: "' or '1'='1" });
    expect(wrong.json).toMatchObject({ success: false, message: '用户名或密码错误' });
    const t = await adminToken();
    for (const p of ['/base/unit/list', '/base/area/list', '/pro/product/list', '/pro/point/list']) {
      const { json } = await get(p, t, { pageSize: 1 });
      expect(json, p).toMatchObject({ success: true, code: 200 });
      expect(json.result.total, p).toBeGreaterThan(0);
    }
    expect((await dictPath('getDictItems', 'sex')).json.result.map((o: any) => o.text)).toEqual(['男', '女']);
    const users = await dictPath('getDictItems', 'sys_user,realname,username');
    expect(users.json.result).toContainEqual(expect.objectContaining({ value: 'admin', text: '管理员' }));
    expect((await get('/sys/permission/getUserPermissionByToken', t)).json.success).toBe(true);
  });
});

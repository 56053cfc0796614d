import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCatalog } from '../../src/core/document/load';
import type { TableDict } from '../../src/core/document/types';
import { readSchemaFiles } from '../../src/server/docs/load-files';
import { adminToken, get, post, uniq, type Envelope } from './setup/client';
import { createRole, createUser, docPerms, type TestUser } from './setup/access';
import { visitor } from './setup/visitors';

/**
 * The dictionary matrix (issue 13), beside the route matrix: every dictionary source (documents'
 * dictSource and schemas/system/dict-sources.json, one read per column) and every table dictionary a
 * document's field uses, read through getDictItems, loadDict and loadDictItem (and loadTreeData for
 * a tree), by four readers: the admin, a role holding the list that grants the read (the source's
 * document, or the document whose field names the dictionary), a role holding an unrelated list, and
 * a user without roles. A reader who may read gets the admin's rows; anyone else gets exactly the
 * answer to an unknown dictionary. The expectations come from the documents, not from the server.
 */

const { catalog } = loadCatalog(readSchemaFiles(path.resolve('schemas')).files);

/** holds 岗位 only: a list whose fields name no table dictionary and whose table is no source */
const OUTSIDER_DOC = 'base_position';

type Endpoint = 'getDictItems' | 'loadDict' | 'loadDictItem' | 'loadTreeData';
type Reader = 'admin' | 'holder' | 'outsider' | 'noRole';

interface Read {
  label: string;
  dict: TableDict;
  /** the document whose list grants the read (its role is the holder) */
  /** the list whose readers may read it; none: a source every signed-in user reads (areas) */
  grantDoc?: string;
  /** every column public: every signed-in user reads it */
  open: boolean;
  tree: boolean;
}

const dictCode = (d: TableDict) =>
  [d.table, d.text, d.code].join(',') +
  (d.condition && Object.keys(d.condition).length ? `,${JSON.stringify(d.condition)}` : '');

function columns(d: TableDict): string[] {
  return [d.text, d.code, d.pidField, d.hasChildField, ...Object.keys(d.condition ?? {})].filter(
    (c): c is string => Boolean(c),
  );
}

function isOpen(d: TableDict): boolean {
  const src = catalog.dictSources.get(d.table)!;
  return columns(d).every((c) => !src.permissions.has(c));
}

/** one read per declared column of every source (shown as text, the key as value) */
function sourceReads(): Read[] {
  const out: Read[] = [];
  for (const [table, src] of catalog.dictSources) {
    const key = src.columns.has('id') ? 'id' : [...src.columns][0];
    for (const column of src.columns) {
      const dict = { table, text: column, code: key };
      out.push({
        label: `source ${table}.${column}`,
        dict,
        grantDoc: src.document,
        open: isOpen(dict),
        tree: false,
      });
    }
  }
  return out;
}

/** the dictionary of every field that names a table, exactly as its form asks for it */
function fieldReads(): Read[] {
  const out: Read[] = [];
  for (const doc of catalog.entities.values())
    for (const f of doc.fields) {
      if (!f.dict) continue;
      const src = catalog.dictSources.get(f.dict.table)!;
      const tree = f.type === 'sel_tree';
      const dict = tree
        ? { ...f.dict, pidField: f.dict.pidField ?? src.tree?.pidField ?? 'pid' }
        : { ...f.dict, pidField: undefined, hasChildField: undefined };
      out.push({ label: `field ${doc.code}.${f.key}`, dict, grantDoc: doc.code, open: isOpen(dict), tree });
    }
  return out;
}

function call(endpoint: Endpoint, d: TableDict, token: string, keys: string[]) {
  if (endpoint === 'loadTreeData')
    return get('/sys/dict/loadTreeData', token, {
      pid: '',
      tableName: d.table,
      text: d.text,
      code: d.code,
      pidField: d.pidField,
      hasChildField: d.hasChildField,
      condition: d.condition ? JSON.stringify(d.condition) : undefined,
    });
  const query = endpoint === 'loadDictItem' ? { key: keys.join(',') || 'x' } : undefined;
  return get(`/sys/dict/${endpoint}/${encodeURIComponent(dictCode(d))}`, token, query);
}

/** an answer without its timestamp, rows in a fixed order */
function answer(json: Envelope) {
  const { success, code, message } = json;
  const result = Array.isArray(json.result)
    ? [...json.result].map((r) => JSON.stringify(r)).sort()
    : json.result;
  return { success, code, message, result };
}

let admin = '';
let noRole: TestUser;
let outsider: TestUser;
const holders = new Map<string, TestUser>();
const unknown = new Map<Endpoint, ReturnType<typeof answer>>();

/** a document's menu row: its own entry, or that of the screen showing it (菜单管理's, scr_<key>) */
function menuPerms(code: string): string[] {
  const screen = catalog.menuScreens.find((s) => s.document === code);
  return screen && !catalog.entities.get(code)?.menu ? [`scr_${screen.key}`] : docPerms(code);
}

async function holderOf(doc: string): Promise<TestUser> {
  // a sub-table's rows are read through its masters (src/server/crud/scope.ts): their lists too
  const masters = [...catalog.entities.values()].filter((m) => m.children?.some((c) => c.code === doc));
  const perms = [...menuPerms(doc), ...masters.flatMap((m) => menuPerms(m.code))];
  if (!holders.has(doc))
    holders.set(doc, await createUser(admin, { roles: [await createRole(admin, perms)] }));
  return holders.get(doc)!;
}

beforeAll(async () => {
  admin = await adminToken();
  // every source must hold a row for the matrix to tell answers from refusals; visitors exist only
  // once one signs in (other files may not have run first)
  await visitor();
  noRole = await createUser(admin);
  const outsiderDoc = catalog.entities.get(OUTSIDER_DOC)!;
  expect(outsiderDoc.fields.some((f) => f.dict)).toBe(false);
  expect(catalog.dictSources.has(outsiderDoc.table)).toBe(false);
  outsider = await createUser(admin, { roles: [await createRole(admin, docPerms(OUTSIDER_DOC))] });
  const none = { table: `no_such_${uniq().replace(/\W/g, '')}`, text: 'name', code: 'id', pidField: 'pid' };
  for (const e of ['getDictItems', 'loadDict', 'loadDictItem', 'loadTreeData'] as Endpoint[])
    unknown.set(e, answer((await call(e, none, admin, ['x'])).json));
}, 120_000);

describe('dictionary matrix', () => {
  it('every source column and every field dictionary × admin / the list / another list / no role', async () => {
    const reads = [...sourceReads(), ...fieldReads()];
    const counts = { reads: reads.length, calls: 0, answered: 0, refused: 0 };
    const problems: string[] = [];
    for (const read of reads) {
      const holder = read.grantDoc ? await holderOf(read.grantDoc) : noRole;
      const readers: [Reader, string][] = [
        ['holder', holder.token],
        ['outsider', outsider.token],
        ['noRole', noRole.token],
      ];
      const endpoints: Endpoint[] = ['getDictItems', 'loadDict', 'loadDictItem'];
      if (read.tree) endpoints.push('loadTreeData');
      for (const endpoint of endpoints) {
        // other test files write to the shared server: the admin's rows are read before and after,
        // and the round is repeated until nothing changed in between
        for (let round = 1; ; round++) {
          const all = await call('getDictItems', read.dict, admin, []);
          const keys = (all.json.result as { value: string }[]).slice(0, 3).map((o) => o.value);
          const before = answer((await call(endpoint, read.dict, admin, keys)).json);
          const got = new Map<Reader, ReturnType<typeof answer>>();
          for (const [who, token] of readers)
            got.set(who, answer((await call(endpoint, read.dict, token, keys)).json));
          const after = answer((await call(endpoint, read.dict, admin, keys)).json);
          if (JSON.stringify(before) !== JSON.stringify(after) && round < 5) continue;
          counts.calls += readers.length + 1;
          if (!before.success || !(before.result as unknown[]).length)
            problems.push(`${read.label} ${endpoint}: the admin got no rows ${before.message}`);
          else counts.answered++;
          for (const [who] of readers) {
            const may = who === 'holder' || read.open;
            const expected = may ? before : unknown.get(endpoint);
            if (JSON.stringify(got.get(who)) !== JSON.stringify(expected))
              problems.push(
                `${read.label} ${endpoint} as ${who}: expected ${may ? 'the admin rows' : 'the unknown answer'}, ` +
                  `got ${JSON.stringify(got.get(who)).slice(0, 160)}`,
              );
            else if (may) counts.answered++;
            else counts.refused++;
          }
          break;
        }
      }
    }
    console.log(
      `dictionary matrix: ${counts.reads} dictionaries (${sourceReads().length} source columns, ` +
        `${fieldReads().length} field dictionaries) over ${holders.size} lists, ${counts.calls} calls; ` +
        `${counts.answered} answered with the admin's rows, ${counts.refused} refused like an unknown dictionary`,
    );
    expect(problems).toEqual([]);
    expect(counts.refused).toBeGreaterThan(0);
  }, 600_000);

  it("staff phones and accounts reach only readers of the user list; a refusal is an unknown dictionary's answer", async () => {
    const phone = `13${String(Date.now()).slice(-9)}`;
    await createUser(admin, { extra: { phone } });
    const users = await holderOf('sys_user');
    const phones = (token: string) => get('/sys/dict/getDictItems/sys_user,phone,username', token);
    expect((await phones(admin)).json.result.map((o: { text: string }) => o.text)).toContain(phone);
    expect((await phones(users.token)).json.result.map((o: { text: string }) => o.text)).toContain(phone);
    const product = await holderOf('pro_product');
    for (const t of [noRole.token, outsider.token, product.token]) {
      const refused = await phones(t);
      expect(JSON.stringify(refused.json)).not.toContain(phone);
      expect(answer(refused.json)).toEqual(unknown.get('getDictItems'));
      // a condition on the phone, or searching by it, is refused the same way
      const probe = await get(
        `/sys/dict/loadDict/${encodeURIComponent(`sys_user,realname,id,phone='${phone}'`)}`,
        t,
      );
      expect(answer(probe.json)).toEqual(unknown.get('loadDict'));
    }
    // names stay public: a form with a user field still shows them to anyone signed in; accounts,
    // half of a sign-in, are not enumerable (as checkOnlyUser is not)
    const names = await get('/sys/dict/getDictItems/sys_user,realname,id', noRole.token);
    expect(names.json.result.length).toBeGreaterThan(0);
    const accounts = await get('/sys/dict/getDictItems/sys_user,realname,username', noRole.token);
    expect(answer(accounts.json)).toEqual(unknown.get('getDictItems'));
  });

  it("the source document's data rules narrow the rows a reader of its list gets", async () => {
    const ruled = await post(
      '/sys/permission/addPermissionRule',
      {
        permissionId: 'doc_base_unit',
        ruleName: `只看自己的${uniq()}`,
        ruleColumn: 'createBy',
        ruleConditions: '=',
        ruleValue: '#{sys_user_code}',
      },
      admin,
    );
    expect(ruled.json.success).toBe(true);
    const role = await createRole(admin, docPerms('base_unit', ['add']));
    expect(
      (
        await post(
          '/sys/role/datarule',
          { permissionId: 'doc_base_unit', roleId: role, dataRuleIds: ruled.json.result },
          admin,
        )
      ).json.success,
    ).toBe(true);
    const mine = await createUser(admin, { roles: [role] });
    const name = `我的单位${uniq()}`;
    const added = await post(
      '/base/unit/add',
      { name, code: `D${uniq()}`, unitType: '3', status: '1' },
      mine.token,
    );
    expect(added.json.success, added.json.message).toBe(true);
    for (const code of ['base_unit,name,id', 'base_unit,name,code']) {
      const own = await get(`/sys/dict/getDictItems/${code}`, mine.token);
      expect(own.json.result.map((o: { text: string }) => o.text)).toEqual([name]);
      const search = await get(`/sys/dict/loadDict/${code}`, mine.token, { keyword: '千克,' + name });
      expect(search.json.result.map((o: { text: string }) => o.text)).toEqual([name]);
      const texts = await get(`/sys/dict/loadDictItem/${code}`, mine.token, {
        key: code.endsWith('id') ? 'unit-kg' : 'KG',
      });
      expect(texts.json).toMatchObject({ success: true, result: [] });
      expect((await get(`/sys/dict/getDictItems/${code}`, admin)).json.result.length).toBeGreaterThan(1);
    }
    // a form of a document whose field names the dictionary shows every unit (roles are ORed)
    const both = await createUser(admin, { roles: [role, await createRole(admin, docPerms('pro_product'))] });
    const viaForm = await get('/sys/dict/getDictItems/base_unit,name,id', both.token);
    expect(viaForm.json.result.map((o: { text: string }) => o.text)).toEqual(
      expect.arrayContaining(['千克', name]),
    );
  });
});

describe('the other dictionary calls follow the same rule', () => {
  const categoryCalls: [string, Record<string, string>][] = [
    ['/sys/category/loadTreeRoot', { async: 'false', pcode: 'A01' }],
    ['/sys/category/loadTreeChildren', { pid: 'cat_a01' }],
    ['/sys/category/loadTreeData', { pcode: 'A01' }],
    ['/sys/category/loadOne', { field: 'code', val: 'A01' }],
    ['/sys/category/loadDictItem/', { ids: 'cat_a01,cat_a02' }],
    ['/sys/category/loadAllData', { code: 'A01' }],
  ];

  it('category loads: admin and a reader of 分类字典 get the nodes, others the unknown answer', async () => {
    const categories = await holderOf('sys_category');
    for (const [url, query] of categoryCalls) {
      const all = answer((await get(url, admin, query)).json);
      expect(all.success, url).toBe(true);
      expect(answer((await get(url, categories.token, query)).json), url).toEqual(all);
      for (const t of [outsider.token, noRole.token])
        expect(answer((await get(url, t, query)).json), url).toEqual(unknown.get('getDictItems'));
    }
  });

  it('the duplicate check answers those who may add or edit the document, only on unique fields', async () => {
    const check = (token: string, query: Record<string, string>) => get('/sys/duplicate/check', token, query);
    const taken = { tableName: 'base_unit', fieldName: 'code', fieldVal: 'KG' };
    const refusedTable = answer((await check(admin, { ...taken, tableName: 'no_such_table' })).json);
    expect(refusedTable.success).toBe(false);
    expect(answer((await check(admin, taken)).json)).toMatchObject({
      success: false,
      message: '单位编码已存在',
    });
    const adder = await createUser(admin, {
      roles: [await createRole(admin, docPerms('base_unit', ['add']))],
    });
    expect(answer((await check(adder.token, taken)).json)).toMatchObject({ message: '单位编码已存在' });
    const lister = await holderOf('base_unit');
    for (const t of [lister.token, outsider.token, noRole.token])
      expect(answer((await check(t, taken)).json)).toEqual(refusedTable);
    // a field that is not unique is not an oracle either
    expect(
      answer((await check(adder.token, { ...taken, fieldName: 'name', fieldVal: '千克' })).json),
    ).toEqual(refusedTable);
  });
});

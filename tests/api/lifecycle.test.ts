import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config';
import { createServer, type Server } from '../../src/server/app';
import { LIST_COMPONENT } from '../../src/server/menu/sync';

/**
 * Restarts of a server on its own embedded database: what happens when documents are added or
 * changed between starts, and what a first start does. Uses the real app in-process.
 */
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'museum-life-'));
const schemas = path.join(root, 'schemas');
fs.cpSync(path.resolve('schemas'), schemas, { recursive: true });
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const exhibit = (fields: unknown[]) => ({
  $schema: '../_meta/entity.schema.json',
  kind: 'entity',
  code: 'museum_relic',
  title: '展品',
  table: 'museum_relic',
  permission: 'museum:relic:',
  api: '/museum/relic',
  menu: { group: 'museum', order: 1 },
  fields,
});
const writeExhibit = (fields: unknown[]) => {
  fs.mkdirSync(path.join(schemas, 'museum'), { recursive: true });
  fs.writeFileSync(path.join(schemas, 'museum', 'relic.json'), JSON.stringify(exhibit(fields)));
};

async function start(env: Record<string, string> = {}, logLines?: string[]): Promise<Server> {
  const config = {
    ...loadConfig({ DATA_DIR: path.join(root, 'data'), SCHEMAS_DIR: schemas, LOG_LEVEL: 'silent', ...env }),
    databaseUrl: undefined,
    webDir: undefined,
  };
  // a log stream the test can read, when it asks for one
  const logger = logLines
    ? { level: 'warn', stream: { write: (line: string) => logLines.push(line) } }
    : false;
  return createServer(config, { logger });
}

async function req(s: Server, method: 'GET' | 'POST' | 'PUT', url: string, token?: string, body?: unknown) {
  const res = await s.app.inject({
    method,
    url: `/api${url}`,
    headers: token ? { 'x-access-token': token } : {},
    payload: body as object,
  });
  return { status: res.statusCode, json: res.json() };
}

describe('server life cycle on one embedded database', () => {
  let password = '';
  let rowId = '';

  it('first start: no default password, a random one is returned for printing once', async () => {
    const s = await start();
    try {
      expect(s.adminPassword).toMatch(/^[A-Za-z0-9]{16}$/);
      password = s.adminPassword!;
      const wrong = await req(s, 'POST', '/sys/login', undefined, { username: 'admin', password: '123456' });
      expect(wrong.json.success).toBe(false);
      const ok = await req(s, 'POST', '/sys/login', undefined, { username: 'admin', password });
      expect(ok.json.success).toBe(true);
    } finally {
      await s.close();
    }
    // a new data directory, migrations and seed: 20-35 s on a loaded two-core machine
  }, 120_000);

  it('a document dropped into schemas/ gets its table, API, menu and button codes on the next start', async () => {
    writeExhibit([{ key: 'name', title: '展品名称', type: 'input', validateRules: [{ required: true }] }]);
    const s = await start();
    try {
      expect(s.adminPassword).toBeUndefined();
      expect(s.sync.created).toEqual(['museum_relic']);
      const token = (await req(s, 'POST', '/sys/login', undefined, { username: 'admin', password })).json
        .result.token;
      const add = await req(s, 'POST', '/museum/relic/add', token, { name: '青铜鼎' });
      expect(add.json).toMatchObject({ success: true, message: '添加成功！' });
      rowId = add.json.result;
      const perms = (await req(s, 'GET', '/sys/permission/getUserPermissionByToken', token)).json.result;
      const group = perms.menu.find((m: any) => m.meta.title === '数字博物馆');
      expect(group.children.map((c: any) => c.path)).toContain('/online/cgformList/museum_relic');
      expect(perms.auth.map((a: any) => a.action)).toEqual(
        expect.arrayContaining(['museum:relic:add', 'museum:relic:import']),
      );
      // the OpenAPI description is made from the route table: every route, the new ones included
      const docs = (await req(s, 'GET', '/docs')).json;
      const described = new Set(
        Object.entries(docs.paths as Record<string, object>).flatMap(([p, ops]) =>
          Object.keys(ops).map((m) => `${m.toUpperCase()} ${p}`),
        ),
      );
      const routes = s.routes.routes.flatMap((r) =>
        ([] as string[]).concat(r.method).map((m) => `${m} ${r.url.replace(/:(\w+)/g, '{$1}')}`),
      );
      expect(routes).toContain('POST /museum/relic/importExcel');
      expect(routes.filter((r) => !described.has(r))).toEqual([]);
    } finally {
      await s.close();
    }
  });

  it('a changed document extends the table and keeps the data; what it will not apply is reported', async () => {
    writeExhibit([
      { key: 'name', title: '展品名称', type: 'input', length: 200, validateRules: [{ required: true }] },
      { key: 'era', title: '年代', type: 'input', index: true },
    ]);
    const s = await start();
    try {
      expect(s.sync.addedColumns).toEqual(['museum_relic.era']);
      expect(s.sync.widened).toEqual(['museum_relic.name: 100 → 200']);
      expect(s.sync.addedIndexes).toContain('museum_relic_era_idx');
      const token = (await req(s, 'POST', '/sys/login', undefined, { username: 'admin', password })).json
        .result.token;
      const row = await req(s, 'GET', `/museum/relic/queryById?id=${rowId}`, token);
      expect(row.json.result).toMatchObject({ name: '青铜鼎', era: null });
    } finally {
      await s.close();
    }
    // a type change and a removed field are reported, never applied
    writeExhibit([{ key: 'name', title: '展品名称', type: 'inputNumber' }]);
    const s2 = await start();
    try {
      expect(s2.sync.notApplied).toEqual(
        expect.arrayContaining([
          'museum_relic.name: database type character varying, document wants numeric(18,2)',
          'museum_relic.era: column not in the document (kept, not dropped)',
        ]),
      );
    } finally {
      await s2.close();
    }
  });

  it('a broken document is reported with file and path and left out; the rest still serves', async () => {
    writeExhibit([{ key: 'name', title: '展品名称', type: 'no_such_type' }]);
    const s = await start();
    try {
      expect(s.problems).toEqual([
        expect.objectContaining({ file: path.join('museum', 'relic.json'), path: '/fields/0/type' }),
      ]);
      const token = (await req(s, 'POST', '/sys/login', undefined, { username: 'admin', password })).json
        .result.token;
      expect((await req(s, 'GET', '/museum/relic/list', token)).status).toBe(404);
      expect((await req(s, 'GET', '/base/unit/list', token)).json.success).toBe(true);
    } finally {
      await s.close();
    }
  });

  it('an administrator’s edits to a document menu (name, order, icon, hidden) survive a restart', async () => {
    const login = async (s: Server) =>
      (await req(s, 'POST', '/sys/login', undefined, { username: 'admin', password })).json.result.token;
    const s = await start();
    try {
      const token = await login(s);
      const edit = await req(s, 'PUT', '/sys/permission/edit', token, {
        id: 'doc_base_unit',
        parentId: 'grp_base',
        menuType: 1,
        name: '计量单位（馆内）',
        sortNo: 5,
        icon: 'calculator',
        hidden: true,
        url: '/online/cgformList/base_unit',
        component: 'modules/online/cgform/auto/OnlCgformAutoList',
        perms: 'tampered:code',
      });
      expect(edit.json.success).toBe(true);
    } finally {
      await s.close();
    }
    const again = await start();
    try {
      const token = await login(again);
      const menu = (await req(again, 'GET', '/sys/permission/list', token)).json.result;
      const unit = menu
        .find((m: any) => m.id === 'grp_base')
        .children.find((c: any) => c.id === 'doc_base_unit');
      expect(unit).toMatchObject({ name: '计量单位（馆内）', sortNo: 5, icon: 'calculator', hidden: true });
      // the security-relevant code follows the document again
      expect(unit.perms).toBe('base:unit:list');
      expect(unit.children.map((b: any) => b.perms)).toContain('base:unit:add');
    } finally {
      await again.close();
    }
  });

  it('a document screen that moves to its own path, or gives up its own component, takes its menu along on the next start', async () => {
    const login = async (s: Server) =>
      (await req(s, 'POST', '/sys/login', undefined, { username: 'admin', password })).json.result.token;
    const dictMenu = async (s: Server, token: string) =>
      (await req(s, 'GET', '/sys/permission/list', token)).json.result
        .find((m: any) => m.id === 'grp_system')
        .children.find((c: any) => c.id === 'doc_sys_dict');
    const s = await start();
    try {
      const token = await login(s);
      // the menu row as an install made before the screen had its own path, with the wrapper it had
      // before its actions were declared in its document
      const old = await dictMenu(s, token);
      const edit = await req(s, 'PUT', '/sys/permission/edit', token, {
        ...old,
        url: '/online/cgformList/sys_dict',
        component: 'system/DictList',
      });
      expect(edit.json.success).toBe(true);
      expect(await dictMenu(s, token)).toMatchObject({ url: '/online/cgformList/sys_dict' });
    } finally {
      await s.close();
    }
    const again = await start();
    try {
      const token = await login(again);
      expect(await dictMenu(again, token)).toMatchObject({
        url: '/system/dict',
        component: LIST_COMPONENT,
        componentName: 'sys_dict',
      });
    } finally {
      await again.close();
    }
  });

  it('sessions end after the idle timeout', async () => {
    const s = await start({ SESSION_IDLE_MINUTES: String(1 / 60) });
    try {
      const token = (await req(s, 'POST', '/sys/login', undefined, { username: 'admin', password })).json
        .result.token;
      expect((await req(s, 'GET', '/sys/permission/getUserPermissionByToken', token)).status).toBe(200);
      await new Promise((r) => setTimeout(r, 2100));
      const after = await req(s, 'GET', '/sys/permission/getUserPermissionByToken', token);
      expect(after.status).toBe(401);
      expect(after.json.message).toBe('Token失效，请重新登录!');
    } finally {
      await s.close();
    }
  });

  it('a session this instance trusts ends on the very next request once its user is revoked', async () => {
    const s = await start();
    try {
      const token = (await req(s, 'POST', '/sys/login', undefined, { username: 'admin', password })).json
        .result.token;
      // the first request reads the session from the database; the next ones are served from trust
      for (let i = 0; i < 2; i++)
        expect((await req(s, 'GET', '/base/unit/list?pageSize=1', token)).status).toBe(200);
      await s.ctx.sessions.revokeUser('user_admin');
      const after = await req(s, 'GET', '/base/unit/list?pageSize=1', token);
      expect(after).toMatchObject({ status: 401, json: { message: 'Token失效，请重新登录!' } });
    } finally {
      await s.close();
    }
  });

  it('a page size above the ceiling is served at the ceiling and logged', async () => {
    const lines: string[] = [];
    const s = await start({}, lines);
    try {
      const token = (await req(s, 'POST', '/sys/login', undefined, { username: 'admin', password })).json
        .result.token;
      const page = await req(s, 'GET', '/base/unit/list?pageSize=99999', token);
      expect(page.json.result.size).toBe(10000);
      const logged = lines
        .map((l) => JSON.parse(l))
        .find((l) => l.msg === 'page size above the ceiling; capped');
      expect(logged).toMatchObject({ level: 40, doc: 'base_unit', asked: 99999, ceiling: 10000 });
      expect((await req(s, 'GET', '/base/unit/list?pageSize=10000', token)).json.result.size).toBe(10000);
      expect(lines.filter((l) => l.includes('ceiling'))).toHaveLength(1);
    } finally {
      await s.close();
    }
  });

  it('ALLOW_REGISTER=0 turns self-registration off', async () => {
    const s = await start({ ALLOW_REGISTER: '0' });
    try {
      const r = await req(s, 'POST', '/sys/user/register', undefined, {
        username: 'visitor1',
        password: 'abc12345',
        phone: '13900000000',
        smscode: '123456',
      });
      expect(r.json).toMatchObject({ success: false, message: '系统未开放注册' });
    } finally {
      await s.close();
    }
  });
});

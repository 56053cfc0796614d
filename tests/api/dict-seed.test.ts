import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config';
import { createServer, type Server } from '../../src/server/app';

/**
 * What restarts do to the seeded dictionaries (schemas/system/dictionaries.json): the file seeds a
 * dictionary once; an administrator's edits, deletions and even a deleted dictionary survive
 * restarts, while a value the file gains later is added.
 */
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'museum-dictseed-'));
const schemas = path.join(root, 'schemas');
fs.cpSync(path.resolve('schemas'), schemas, { recursive: true });
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
const PASSWORD = 'Seed#2026test';

async function withServer<T>(
  fn: (call: (method: string, url: string, body?: object) => Promise<any>) => Promise<T>,
) {
  const s: Server = await createServer(
    {
      ...loadConfig({
        DATA_DIR: path.join(root, 'data'),
        SCHEMAS_DIR: schemas,
        ADMIN_PASSWORD: PASSWORD,
        LOG_LEVEL: 'silent',
      }),
      databaseUrl: undefined,
      webDir: undefined,
    },
    { logger: false },
  );
  try {
    const inject = async (method: string, url: string, token?: string, body?: object) =>
      (
        await s.app.inject({
          method: method as 'GET',
          url: `/api${url}`,
          headers: token ? { 'x-access-token': token } : {},
          payload: body,
        })
      ).json();
    const token = (await inject('POST', '/sys/login', undefined, { username: 'admin', password: PASSWORD }))
      .result.token;
    return await fn((method, url, body) => inject(method, url, token, body));
  } finally {
    await s.close();
  }
}

const options = async (call: (m: string, u: string) => Promise<any>, code: string) =>
  ((await call('GET', `/sys/dict/getDictItems/${code}`)).result as any[]).map((o) => `${o.value}:${o.text}`);

function editFile(edit: (dicts: any[]) => void) {
  const file = path.join(schemas, 'system', 'dictionaries.json');
  const doc = JSON.parse(fs.readFileSync(file, 'utf8'));
  edit(doc.dictionaries);
  fs.writeFileSync(file, JSON.stringify(doc));
}

describe('seeded dictionaries across restarts (one start per step)', () => {
  it('first start: the administrator edits an item, deletes another and deletes a dictionary', async () => {
    await withServer(async (call) => {
      expect(await options(call, 'sex')).toEqual(['1:男', '2:女']);
      const sex = (await call('GET', '/sys/dict/list?dictCode=sex')).result.records[0];
      const items = (await call('GET', `/sys/dictItem/list?dictId=${sex.id}`)).result.records;
      expect((await call('PUT', '/sys/dictItem/edit', { id: items[0].id, itemText: '男性' })).success).toBe(
        true,
      );
      expect((await call('DELETE', `/sys/dictItem/delete?id=${items[1].id}`)).success).toBe(true);
      const yn = (await call('GET', '/sys/dict/list?dictCode=yn')).result.records[0];
      expect((await call('DELETE', `/sys/dict/delete?id=${yn.id}`)).success).toBe(true);
    });
  }, 120_000); // a new embedded database takes a while to create on a busy machine

  it('second start with a file that gained values: the edits stay, only new values arrive', async () => {
    editFile((dicts) => {
      dicts.find((d) => d.code === 'sex').items.push({ value: '9', text: '未说明' });
      dicts.find((d) => d.code === 'yn').items.push({ value: 'U', text: '未知' });
      dicts.push({ code: 'exhibit_level', title: '展品等级', items: [{ value: '1', text: '一级' }] });
    });
    await withServer(async (call) => {
      expect(await options(call, 'sex')).toEqual(['1:男性', '9:未说明']);
      expect(await options(call, 'yn')).toEqual([]);
      expect((await call('GET', '/sys/dict/list?dictCode=yn')).result.total).toBe(0);
      expect(await options(call, 'exhibit_level')).toEqual(['1:一级']);
    });
  });

  it('a further start with the same file changes nothing', async () => {
    await withServer(async (call) => {
      expect(await options(call, 'sex')).toEqual(['1:男性', '9:未说明']);
      expect(await options(call, 'exhibit_level')).toEqual(['1:一级']);
    });
  });
});

import { describe, expect, it } from 'vitest';
import { adminToken, apiUrl, get } from './setup/client';

/** the base and production lookups, called with pageSize 99999, read result.records */
const LOOKUPS = [
  '/base/unit/list',
  '/pro/productType/getTree',
  '/pro/product/list',
  '/base/position/list',
  '/base/area/getAreaTree',
  '/base/checkCategory/getTree',
  '/procedure/procedure/procedureType/list',
  '/base/workPosition/list',
  '/pro/point/list',
  '/base/etl/dataSource/list',
];

describe('the lookups at their exact paths', () => {
  it.each(LOOKUPS)('%s returns seeded Chinese demo records', async (p) => {
    const token = await adminToken();
    const { json } = await get(p, token, { pageNo: 1, pageSize: 99999, column: 'createTime', order: 'desc' });
    expect(json).toMatchObject({ success: true, code: 200 });
    expect(json.result.records.length).toBeGreaterThan(0);
    expect(json.result.records.every((r: any) => typeof r.id === 'string')).toBe(true);
    expect(JSON.stringify(json.result.records)).toMatch(/[\u4e00-\u9fa5]/);
  });

  it('tree lookups nest children under their parents', async () => {
    const token = await adminToken();
    const { json } = await get('/base/area/getAreaTree', token, { pageNo: 1, pageSize: 99999 });
    const china = json.result.records.find((r: any) => r.code === '86');
    expect(china).toMatchObject({ title: '中国', isLeaf: false });
    expect(china.children.length).toBeGreaterThan(0);
    expect(china.children.every((c: any) => c.pid === china.id)).toBe(true);
  });
});

describe('OpenAPI description', () => {
  it('describes every route with its permission', async () => {
    const res = await fetch(`${apiUrl()}/docs`);
    const doc = await res.json();
    expect(doc.openapi).toBe('3.0.3');
    for (const p of [
      ...LOOKUPS,
      '/sys/login',
      '/sys/phoneLogin',
      '/sys/dict/getDictItems/{dictCode}',
      '/base/unit/importExcel',
    ])
      expect(Object.keys(doc.paths)).toContain(p);
    expect(doc.paths['/base/unit/add'].post.description).toContain('base:unit:add');
    expect(doc.paths['/sys/login'].post.security).toEqual([]);
  });
});

describe('unknown paths', () => {
  it('answer HTTP 404 with the envelope', async () => {
    const token = await adminToken();
    const { status, json } = await get('/no/such/route', token);
    expect(status).toBe(404);
    expect(json).toMatchObject({ success: false, code: 404 });
  });

  it('an API path with a file suffix is not an authentication bypass', async () => {
    const res = await fetch(`${apiUrl()}/sys/dict/getDictItems/sys_user,realname,username.js`);
    expect(res.status).toBe(401);
  });
});

import { describe, expect, it } from 'vitest';
import ruleDoc from '../../schemas/system/permission-data-rule.json';
import { loadCatalog } from '../../src/core/document/load';
import type { EntityDocument } from '../../src/core/document/types';
import type { AppContext } from '../../src/server/context';
import { registerEntityRoutes } from '../../src/server/crud/routes';
import { RouteTable } from '../../src/server/http/routes';

/**
 * A document whose writes a module declares (src/server/crud/routes.ts requireDeclaredWrites): the
 * server starts only when each write the document has a button for is a route at its path, guarded
 * by the button's code — so the buttons the browser shows are the routes' own.
 */
const doc = ruleDoc as unknown as EntityDocument;
const ctx = { config: { maxPageSize: 1000 } } as AppContext;
const ok = async () => ({ success: true });

/** a table holding 数据规则's module routes, each guarded by `code` */
function moduleRoutes(code: string, without?: string) {
  const t = new RouteTable();
  for (const [method, url] of [
    ['POST', '/sys/permission/addPermissionRule'],
    ['PUT', '/sys/permission/editPermissionRule'],
    ['DELETE', '/sys/permission/deletePermissionRule'],
  ] as const)
    if (url !== without) t.add({ method, url, access: { perm: code }, tag: 't', summary: 's', handler: ok });
  return t;
}

describe('declared writes', () => {
  it('数据规则 reads generically at its api and writes on the module routes its endpoints name', () => {
    const t = moduleRoutes('system:permission:rule');
    registerEntityRoutes(t, ctx, doc);
    const list = t.routes.find((r) => r.url === '/sys/permission/rule/list');
    expect(list?.access).toEqual({ perm: 'system:permissionRule:list' });
    // no batch delete, export or import: the document has no such buttons (codes false)
    for (const w of ['deleteBatch', 'exportXls', 'importExcel', 'add'])
      expect(t.routes.some((r) => r.url === `/sys/permission/rule/${w}`)).toBe(false);
  });

  it('refuses to start when a write is missing or guarded by another code than its button’s', () => {
    expect(() => registerEntityRoutes(moduleRoutes('system:permission:edit'), ctx, doc)).toThrow(
      '/sys/permission/addPermissionRule is not guarded by system:permission:rule',
    );
    expect(() =>
      registerEntityRoutes(
        moduleRoutes('system:permission:rule', '/sys/permission/deletePermissionRule'),
        ctx,
        doc,
      ),
    ).toThrow('/sys/permission/deletePermissionRule is not declared');
  });

  it('schemas:check: writes routed elsewhere only with declaredWrites, a rule column’s menu a field', () => {
    const json = {
      ...ruleDoc,
      declaredWrites: undefined,
      fields: ruleDoc.fields.map((f) => (f.key === 'ruleColumn' ? { ...f, menuField: 'menu' } : f)),
    };
    const { problems } = loadCatalog([{ path: 'x/rule.json', json }]);
    expect(problems).toEqual(
      expect.arrayContaining([
        {
          file: 'x/rule.json',
          path: '/endpoints/add',
          message: 'only a document whose writes a module declares (declaredWrites) routes them',
        },
        {
          file: 'x/rule.json',
          path: '/codes',
          message: 'only a document whose writes a module declares (declaredWrites) names codes',
        },
        {
          file: 'x/rule.json',
          path: '/fields/2/menuField',
          message: "menuField 'menu' is not a field of this document",
        },
      ]),
    );
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import { adminToken, del, get, post, uniq } from './setup/client';

/**
 * 菜单管理 as a document (schemas/system/permission.json): its generic tree list reads the menu
 * rows, whose top level names no parent (null, as the menu routes write it), while the writes stay
 * the menu routes' own (src/server/sys/permission/routes.ts).
 */

let admin = '';
beforeAll(async () => {
  admin = await adminToken();
});

describe('菜单管理 document', () => {
  it('lists the top level by pid 0, a node’s children by its tree route, and the whole tree without pid', async () => {
    const name = `速查${uniq()}`;
    const menu = await post('/sys/permission/add', { name, menuType: '0', url: '/quick' }, admin);
    expect(menu.json).toMatchObject({ success: true, message: '添加成功！' });
    const button = await post(
      '/sys/permission/add',
      { name: '导出', menuType: '2', parentId: menu.json.result, perms: `quick${uniq()}:export` },
      admin,
    );
    expect(button.json.success).toBe(true);

    const roots = (await get('/sys/permission/pageList', admin, { parentId: '0', pageSize: '50' })).json
      .result;
    const row = roots.records.find((r: any) => r.id === menu.json.result);
    // a top-level menu without a component groups others (the add route gives it layouts/RouteView)
    expect(row).toMatchObject({ name, menuType: 0, menuType_dictText: '一级菜单', hasChild: '1' });
    expect(row.component).toBe('layouts/RouteView');
    expect(roots.records.every((r: any) => !r.parentId)).toBe(true);

    const children = (await get('/sys/permission/getTree', admin, { pid: menu.json.result })).json.result;
    expect(children.records).toEqual([
      expect.objectContaining({ id: button.json.result, name: '导出', hasChild: '0', isLeaf: true }),
    ]);
    const whole = (await get('/sys/permission/getTree', admin)).json.result.records;
    expect(whole.find((n: any) => n.id === menu.json.result).children).toHaveLength(1);

    // a search lists matches flat, whatever their level
    const found = (await get('/sys/permission/pageList', admin, { name: '导出' })).json.result.records;
    expect(found.map((r: any) => r.id)).toContain(button.json.result);

    // the menu answers keep their shape: the tree document's columns stay out of them
    const list = (await get('/sys/permission/list', admin)).json.result;
    const node = list.find((n: any) => n.id === menu.json.result);
    expect(node).not.toHaveProperty('hasChild');
    expect(node).not.toHaveProperty('sysOrgCode');

    expect((await del('/sys/permission/delete', admin, { id: menu.json.result })).json.message).toBe(
      '删除成功！',
    );
    const after = (await get('/sys/permission/pageList', admin, { parentId: '0', pageSize: '50' })).json
      .result;
    expect(after.records.some((r: any) => r.id === menu.json.result)).toBe(false);
  });

  it('serves the document to the list, pointing at the menu routes, and no generic import', async () => {
    const doc = (await get('/online/cgform/api/document/sys_permission', admin)).json.result;
    expect(doc).toMatchObject({ api: '/sys/permission', declaredWrites: true });
    expect((await get('/sys/permission/importJobs', admin)).status).toBe(404);
    expect((await get('/sys/permission/exportXls', admin)).status).toBe(404);
  });
});

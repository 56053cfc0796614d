import { beforeAll, describe, expect, it } from 'vitest';
import { adminToken, del, get, post, uniq } from './setup/client';
import { createRole, createUser, docPerms } from './setup/access';

/** issue 8: every entry the signed-in user is granted can be reached from the menu answer */

let admin = '';
beforeAll(async () => {
  admin = await adminToken();
});

interface Node {
  id: string;
  path: string;
  component: string;
  meta: { title: string; url?: string; internalOrExternal?: boolean };
  children?: Node[];
}

const menuOf = async (token: string): Promise<Node[]> =>
  (await get('/sys/permission/getUserPermissionByToken', token)).json.result.menu;

/** the ids from a root down to the node with `id`, or [] */
function trail(nodes: Node[], id: string): string[] {
  for (const n of nodes) {
    if (n.id === id) return [n.id];
    const below = trail(n.children ?? [], id);
    if (below.length) return [n.id, ...below];
  }
  return [];
}

const addMenu = async (body: Record<string, unknown>): Promise<string> => {
  const res = await post('/sys/permission/add', body, admin);
  expect(res.json.success, res.json.message).toBe(true);
  return res.json.result;
};

describe('menu answer for the signed-in user', () => {
  it('shows a child granted without its group under that group (父子关联 off)', async () => {
    const role = await createRole(admin, docPerms('base_unit'));
    const u = await createUser(admin, { roles: [role] });
    const menu = await menuOf(u.token);
    expect(trail(menu, 'doc_base_unit')).toEqual(['grp_base', 'doc_base_unit']);
    // the implied group brings no sibling the user was not granted
    const base = menu.find((n) => n.id === 'grp_base')!;
    expect(base.children!.map((c) => c.id)).toEqual(['doc_base_unit']);
  });

  it('shows every ancestor of a deep grant as a group only (no route of its own)', async () => {
    const top = await addMenu({ name: `顶层${uniq()}`, menuType: 0, url: `/top${uniq()}` });
    const mid = await addMenu({
      name: `中层${uniq()}`,
      menuType: 1,
      parentId: top,
      url: `/mid${uniq()}`,
      component: 'layouts/RouteView',
    });
    const leaf = await addMenu({
      name: `叶子${uniq()}`,
      menuType: 1,
      parentId: mid,
      url: `/leaf${uniq()}`,
      component: 'system/UserList',
    });
    const u = await createUser(admin, { roles: [await createRole(admin, [leaf])] });
    const menu = await menuOf(u.token);
    expect(trail(menu, leaf)).toEqual([top, mid, leaf]);
    const topNode = menu.find((n) => n.id === top)!;
    expect(topNode.component).toBe('layouts/RouteView');
    expect(topNode.children![0].component).toBe('layouts/RouteView');
    await del('/sys/permission/deleteBatch', admin, { ids: `${leaf},${mid},${top}` });
  });

  it('shows a top-level external link (打开方式 外部) with its address', async () => {
    const url = `https://example.com/${uniq()}`;
    const id = await addMenu({ name: `外链${uniq()}`, menuType: 0, url, internalOrExternal: true });
    const root = (await menuOf(admin)).find((n) => n.id === id);
    expect(root).toMatchObject({ meta: { url, internalOrExternal: true } });
    await del('/sys/permission/deleteBatch', admin, { ids: id });
  });
});

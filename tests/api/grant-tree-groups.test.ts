import { beforeAll, describe, expect, it } from 'vitest';
import { adminToken, del, get, post, uniq } from './setup/client';

/** issue 8: a group with nothing under it is nothing to grant; the 授权 trees leave it out */

let admin = '';
beforeAll(async () => {
  admin = await adminToken();
});

interface TreeNode {
  key: string;
  children?: TreeNode[];
}
const keys = (nodes: TreeNode[]): string[] => nodes.flatMap((n) => [n.key, ...keys(n.children ?? [])]);

describe('授权 trees', () => {
  it('the role tree leaves out a group without menus, and keeps groups with them', async () => {
    const group = await post(
      '/sys/permission/add',
      { name: `空分组${uniq()}`, menuType: 0, url: `/e${uniq()}` },
      admin,
    );
    const tree = (await get('/sys/role/queryTreeList', admin)).json.result;
    expect(keys(tree.treeList)).not.toContain(group.json.result);
    expect(tree.ids).not.toContain(group.json.result);
    expect(keys(tree.treeList)).toEqual(expect.arrayContaining(['grp_museum', 'doc_museum_activity']));
    // 菜单管理 still lists it, to be filled or deleted
    const all = (await get('/sys/permission/list', admin)).json.result;
    expect(keys(all)).toContain(group.json.result);
    await del('/sys/permission/deleteBatch', admin, { ids: group.json.result });
  });

  it('a department role tree leaves out a group the department holds without its menus', async () => {
    const depart = await post('/sys/sysDepart/add', { departName: `分馆${uniq()}` }, admin);
    const departId = depart.json.result;
    const save = await post(
      '/sys/permission/saveDepartPermission',
      { departId, permissionIds: 'grp_museum,grp_base,doc_base_unit', lastpermissionIds: '' },
      admin,
    );
    expect(save.json.success, save.json.message).toBe(true);
    const tree = (await get('/sys/sysDepartPermission/queryTreeListForDeptRole', admin, { departId })).json
      .result;
    expect(keys(tree.treeList)).toEqual(['grp_base', 'doc_base_unit']);
  });
});

// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';

import { GrantDrawer } from '../../renderers/grant/GrantDrawer';
import { ownerGrants } from '../../renderers/grant/grant-sources';
import { stubAntdDom } from './support/antd-dom';
import { providing, testProviders } from './support/providers';

// the drawer talks to the server only through these two calls
const http = { getAction: vi.fn(), postAction: vi.fn() };
const wrapper = providing(testProviders({ get: http.getAction, post: http.postAction }));

beforeAll(stubAntdDom);
beforeEach(() => {
  http.getAction.mockReset();
  http.postAction.mockReset();
});
// React's scheduler runs queued work on setImmediate, in slices when the machine is busy: let every
// slice finish before jsdom is torn down (one pass was not enough on two loaded cores)
afterEach(async () => {
  cleanup();
  for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve));
});

const envelope = (result: unknown) => ({ success: true, code: 200, message: '', result });
/** answers the tree call with these nodes and the grants call with these ids */
function serverHolds(treeList: unknown[], ids: string[]) {
  http.getAction.mockImplementation(async (url: string) =>
    envelope(url.includes('Tree') ? { treeList, ids: [] } : ids),
  );
}
const owner = { id: 'r1', name: '资料员' };
const saveButton = () => screen.getByRole('button', { name: /^保\s*存$/ });

describe('GrantDrawer with a grant source', () => {
  it('a department role is offered its department’s tree (its row’s departId), and its own grants are read by roleId', async () => {
    serverHolds([{ key: 'grp_base', title: '基础数据' }], ['grp_base']);
    render(
      <GrantDrawer
        title="部门角色权限配置"
        source={ownerGrants('departRole', { id: 'r1', departId: 'dep1' })}
        owner={owner}
        onClose={() => {}}
      />,
      { wrapper },
    );
    await screen.findByText('基础数据');
    expect(http.getAction).toHaveBeenCalledWith('/sys/sysDepartPermission/queryTreeListForDeptRole', {
      departId: 'dep1',
    });
    expect(http.getAction).toHaveBeenCalledWith('/sys/sysDepartPermission/queryDeptRolePermission', {
      roleId: 'r1',
    });

    http.postAction.mockResolvedValue({ ...envelope(null), message: '保存成功！' });
    fireEvent.click(screen.getByRole('button', { name: '全部勾选' }));
    fireEvent.click(saveButton());
    await waitFor(() => expect(http.postAction).toHaveBeenCalledTimes(1));
    expect(http.postAction).toHaveBeenCalledWith('/sys/sysDepartPermission/saveDeptRolePermission', {
      roleId: 'r1',
      permissionIds: 'grp_base',
      lastpermissionIds: 'grp_base',
    });
  });

  it('a department with no grants offers nothing: the drawer says to grant the department first', async () => {
    serverHolds([], []);
    render(
      <GrantDrawer
        title="部门角色权限配置"
        source={ownerGrants('departRole', { id: 'r1', departId: 'dep1' })}
        owner={owner}
        onClose={() => {}}
      />,
      { wrapper },
    );
    expect(await screen.findByText(/请先为部门授权/)).toBeTruthy();
    expect(saveButton()).toHaveProperty('disabled', true);
  });

  it('a role is offered the whole menu tree', async () => {
    serverHolds([{ key: 'grp_base', title: '基础数据' }], []);
    render(
      <GrantDrawer
        title="角色权限配置"
        source={ownerGrants('role', { id: 'r1' })}
        owner={owner}
        onClose={() => {}}
      />,
      {
        wrapper,
      },
    );
    await screen.findByText('基础数据');
    expect(http.getAction).toHaveBeenCalledWith('/sys/role/queryTreeList', undefined);
    expect(http.getAction).toHaveBeenCalledWith('/sys/permission/queryRolePermission', { roleId: 'r1' });
  });
});

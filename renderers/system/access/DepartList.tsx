import { useState } from 'react';
import { useHoldsDocumentMenu } from '../../common/use-permissions';
import type { Row } from '../../list/columns';
import { DocumentList } from '../../list/ListPage';
import type { RendererProps } from '../../registry';
import { DepartRolesDrawer, type Depart } from './DepartRolesDrawer';
import { GrantDrawer, useGrantOwner } from './GrantDrawer';
import { DEPART_GRANTS } from './grant-sources';

/**
 * 部门管理: the department tree list (添加下级 comes with it) with 授权, the menus and buttons the
 * department holds, and 部门角色, the department's own roles. Those can be granted only within what
 * the department holds; what is taken away here is taken from them too (the server does that).
 */
export default function DepartList({ code }: RendererProps) {
  const grant = useGrantOwner('system:depart:authorize', 'departName');
  const [rolesOf, setRolesOf] = useState<Depart | null>(null);
  const mayOpenRoles = useHoldsDocumentMenu('sys_depart_role');
  return (
    <>
      <DocumentList
        code={code || 'sys_depart'}
        tree
        rowActions={() => [
          ...grant.rowActions(),
          ...(mayOpenRoles
            ? [
                {
                  key: 'departRoles',
                  label: '部门角色',
                  run: (row: Row) => setRolesOf({ id: String(row.id), name: String(row.departName) }),
                },
              ]
            : []),
        ]}
      />
      <GrantDrawer title="部门权限配置" source={DEPART_GRANTS} owner={grant.owner} onClose={grant.close} />
      <DepartRolesDrawer depart={rolesOf} onClose={() => setRolesOf(null)} />
    </>
  );
}

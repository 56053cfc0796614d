import { useState } from 'react';
import { useHoldsDocumentMenu } from '../../common/use-permissions';
import type { Row } from '../../list/columns';
import { DocumentList } from '../../list/ListPage';
import type { RendererProps } from '../../registry';
import { DepartRolesDrawer, type Depart } from './DepartRolesDrawer';

/**
 * 部门管理: the department tree list (添加下级 comes with it; 授权 is declared in its document) with
 * 部门角色, the department's own roles. Those can be granted only within what the department holds;
 * what is taken away from the department is taken from them too (the server does that).
 */
export default function DepartList({ code }: RendererProps) {
  const [rolesOf, setRolesOf] = useState<Depart | null>(null);
  const mayOpenRoles = useHoldsDocumentMenu('sys_depart_role');
  return (
    <>
      <DocumentList
        code={code || 'sys_depart'}
        tree
        rowActions={() =>
          mayOpenRoles
            ? [
                {
                  key: 'departRoles',
                  label: '部门角色',
                  run: (row: Row) => setRolesOf({ id: String(row.id), name: String(row.departName) }),
                },
              ]
            : []
        }
      />
      <DepartRolesDrawer depart={rolesOf} onClose={() => setRolesOf(null)} />
    </>
  );
}

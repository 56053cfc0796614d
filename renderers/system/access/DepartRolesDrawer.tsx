import { Drawer } from 'antd';
import { useMemo, useState } from 'react';
import type { Row } from '../../list/columns';
import { DocumentList } from '../../list/ListPage';
import { DepartRoleMembersModal } from './DepartRoleMembersModal';
import { GrantDrawer, useGrantOwner } from './GrantDrawer';
import { departRoleGrants } from './grant-sources';

const DEPART_ROLES = 'sys_depart_role';

export interface Depart {
  id: string;
  name: string;
}

interface Props {
  /** the department whose roles are shown; null while closed */
  depart: Depart | null;
  onClose: () => void;
}

/**
 * 部门角色: the roles of one department (the generic list narrowed to it, so 新增 makes a role of
 * this department), with 授权 among what the department holds and 分配用户 among its users.
 */
export function DepartRolesDrawer({ depart, onClose }: Props) {
  const grant = useGrantOwner('system:departRole:authorize', 'roleName');
  const [membersOf, setMembersOf] = useState<{ role: Row; reload: () => void } | null>(null);
  const departId = depart?.id;
  // one source per department, so the grant drawer loads once per opening
  const source = useMemo(() => (departId ? departRoleGrants(departId) : null), [departId]);

  return (
    <Drawer
      title={depart ? `${depart.name} · 部门角色` : '部门角色'}
      size={800}
      open={Boolean(depart)}
      onClose={() => {
        // nothing opened from one department's roles may reopen with the next department's
        grant.close();
        setMembersOf(null);
        onClose();
      }}
      destroyOnHidden
    >
      {depart && (
        <DocumentList
          nested
          code={DEPART_ROLES}
          fixed={{ departId: depart.id }}
          rowActions={({ grants, list }) => [
            ...grant.rowActions(),
            ...(grants.edit
              ? [
                  {
                    key: 'members',
                    label: '分配用户',
                    run: (role: Row) => setMembersOf({ role, reload: list.reload }),
                  },
                ]
              : []),
          ]}
        />
      )}
      {source && (
        <GrantDrawer title="部门角色权限配置" source={source} owner={grant.owner} onClose={grant.close} />
      )}
      {depart && (
        <DepartRoleMembersModal
          departId={depart.id}
          role={membersOf?.role ?? null}
          onClose={() => setMembersOf(null)}
          onSaved={() => {
            membersOf?.reload();
            setMembersOf(null);
          }}
        />
      )}
    </Drawer>
  );
}

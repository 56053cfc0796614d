import { useState } from 'react';
import { DocumentList } from '../../list/ListPage';
import type { RendererProps } from '../../registry';
import { DataRulePanel } from './DataRulePanel';
import { GrantDrawer, useGrantOwner } from './GrantDrawer';
import type { GrantNode } from './grant-keys';
import { ROLE_GRANTS } from './grant-sources';

/**
 * 角色管理: the generic list of sys_role with 授权, the role's menus and buttons in a checkable tree,
 * and per menu the data rules the role's users are held to.
 */
export default function RoleList({ code }: RendererProps) {
  const grant = useGrantOwner('system:role:authorize', 'roleName');
  const [ruleMenu, setRuleMenu] = useState<GrantNode | null>(null);
  return (
    <>
      <DocumentList code={code || 'sys_role'} rowActions={grant.rowActions} />
      <GrantDrawer
        title="角色权限配置"
        source={ROLE_GRANTS}
        owner={grant.owner}
        onClose={() => {
          // a rule panel left open must not reopen with the next role
          setRuleMenu(null);
          grant.close();
        }}
        onRuleNode={setRuleMenu}
      >
        {grant.owner && (
          <DataRulePanel roleId={grant.owner.id} menu={ruleMenu} onClose={() => setRuleMenu(null)} />
        )}
      </GrantDrawer>
    </>
  );
}

import { useState } from 'react';
import { hasPermission } from '../../../src/core/permission';
import { useGrants } from '../../common/use-permissions';
import type { Row } from '../../list/columns';
import { DocumentList } from '../../list/ListPage';
import type { RendererProps } from '../../registry';
import { DataRulesDrawer } from './DataRulesDrawer';

/** a button holds no data rules: they filter the list a menu opens */
const isMenu = (row: Row) => String(row.menuType) !== '2';

/**
 * 菜单管理: the tree list of schemas/system/permission.json (its form shows each menu type's fields
 * by `when` rules; writes go to the menu routes of src/server/sys/permission/routes.ts), with each
 * menu's 数据规则 in a drawer.
 */
export default function PermissionList({ code }: RendererProps) {
  const mayWriteRules = hasPermission(useGrants(), 'system:permission:rule');
  const [rulesOf, setRulesOf] = useState<{ id: string; name: string; component?: string } | null>(null);
  return (
    <>
      <DocumentList
        code={code || 'sys_permission'}
        tree
        rowActions={() => [
          {
            key: 'rules',
            label: '数据规则',
            visible: isMenu,
            run: (row: Row) =>
              setRulesOf({
                id: String(row.id),
                name: String(row.name),
                component: row.component ? String(row.component) : undefined,
              }),
          },
        ]}
      />
      <DataRulesDrawer menu={rulesOf} mayWrite={mayWriteRules} onClose={() => setRulesOf(null)} />
    </>
  );
}

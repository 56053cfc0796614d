import { useState } from 'react';
import { hasPermission } from '../../../src/core/permission';
import { useGrants } from '../../common/use-permissions';
import type { Row } from '../../list/columns';
import { DocumentList } from '../../list/ListPage';
import type { RendererProps } from '../../registry';
import { ResetPasswordModal } from './ResetPasswordModal';

/**
 * 用户管理: the generic list of sys_user (冻结 / 解冻 are its document's actions) with 密码 (an
 * administrator sets a new password).
 */
export default function UserList({ code }: RendererProps) {
  const mayReset = hasPermission(useGrants(), 'system:user:changePassword');
  const [resetting, setResetting] = useState<string | null>(null);
  return (
    <>
      <DocumentList
        code={code || 'sys_user'}
        rowActions={() =>
          mayReset
            ? [{ key: 'password', label: '密码', run: (row: Row) => setResetting(String(row.username)) }]
            : []
        }
      />
      <ResetPasswordModal username={resetting} onClose={() => setResetting(null)} />
    </>
  );
}

import { LockOutlined, UnlockOutlined } from '@ant-design/icons';
import { Button, Modal } from 'antd';
import { useState } from 'react';
import { hasPermission } from '../../../src/core/permission';
import { reportWrite } from '../../common/failure';
import { useGrants } from '../../common/use-permissions';
import type { Row } from '../../list/columns';
import { DocumentList, type ListContext } from '../../list/ListPage';
import type { RowAction } from '../../list/RowActions';
import { NOTHING_SELECTED, selectedIds } from '../../list/use-deletes';
import type { RendererProps } from '../../registry';
import { ResetPasswordModal } from './ResetPasswordModal';
import { providers } from '../../providers';

/** sys_user.status (dictionary user_status) */
const NORMAL = '1';
const FROZEN = '2';

const isFrozen = (row: Row) => String(row.status) === FROZEN;
const whom = (n: number) => (n > 1 ? `这 ${n} 个用户` : '该用户');

/** 冻结 and 解冻: the status each sets, the rows it is offered on, its confirmation for n users */
const STATUS_ACTIONS = [
  {
    key: 'freeze',
    label: '冻结',
    status: FROZEN,
    shownOn: (row: Row) => !isFrozen(row),
    confirm: (n: number) => `冻结后${whom(n)}将不能登录，已登录的会话随即失效，确定冻结吗?`,
  },
  {
    key: 'unfreeze',
    label: '解冻',
    status: NORMAL,
    shownOn: isFrozen,
    confirm: (n: number) => `确定解冻${whom(n)}吗?`,
  },
] as const;

/**
 * 用户管理: the generic list of sys_user with 密码 (an administrator sets a new password) and
 * 冻结 / 解冻, per row and for the selected rows. A frozen user cannot sign in and its open
 * sessions end at their next request.
 */
export default function UserList({ code }: RendererProps) {
  const grants = useGrants();
  const mayReset = hasPermission(grants, 'system:user:changePassword');
  const mayFreeze = hasPermission(grants, 'system:user:frozen');
  const [resetting, setResetting] = useState<string | null>(null);
  const [modal, modalHolder] = Modal.useModal();

  const setStatus = async ({ list }: ListContext, ids: string[], status: string) => {
    if (await reportWrite(providers().data.put('/sys/user/frozenBatch', { ids: ids.join(','), status })))
      list.reload();
  };

  const rowActions = (ctx: ListContext): RowAction[] => [
    ...(mayReset
      ? [{ key: 'password', label: '密码', run: (row: Row) => setResetting(String(row.username)) }]
      : []),
    ...(mayFreeze
      ? STATUS_ACTIONS.map((a) => ({
          key: a.key,
          label: a.label,
          confirm: a.confirm(1),
          visible: a.shownOn,
          run: (row: Row) => setStatus(ctx, [String(row.id)], a.status),
        }))
      : []),
  ];

  const toolbar = (ctx: ListContext) =>
    mayFreeze &&
    STATUS_ACTIONS.map((a) => (
      <Button
        key={a.key}
        icon={a.status === FROZEN ? <LockOutlined /> : <UnlockOutlined />}
        onClick={() => {
          const ids = selectedIds(ctx.list.selection);
          if (!ids.length) return providers().notices.warning(NOTHING_SELECTED);
          modal.confirm({
            title: `批量${a.label}`,
            content: a.confirm(ids.length),
            okText: '确定',
            cancelText: '取消',
            onOk: () => setStatus(ctx, ids, a.status),
          });
        }}
      >
        {a.label}
      </Button>
    ));

  return (
    <>
      {modalHolder}
      <DocumentList code={code || 'sys_user'} rowActions={rowActions} toolbar={toolbar} />
      <ResetPasswordModal username={resetting} onClose={() => setResetting(null)} />
    </>
  );
}

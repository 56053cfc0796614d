import { Modal, Spin, Transfer } from 'antd';
import { useEffect, useState } from 'react';
import { reportReadFailure, reportThrown } from '../../common/failure';
import { useBusy } from '../../common/use-busy';
import type { Row } from '../../list/columns';
import { providers } from '../../providers';

/** a user of the department, as /sys/sysDepartRole/queryDepartUsers answers */
interface Candidate {
  id: string;
  username: string;
  realname: string | null;
}

interface Props {
  departId: string;
  /** the department role whose members are edited; null while closed */
  role: Row | null;
  onClose: () => void;
  onSaved: () => void;
}

const idsOf = (v: unknown) =>
  String(v ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/**
 * 分配用户: the members of a department role, chosen among the users of its department (not of its
 * sub-departments: the server takes only the department's own). A member who has left the department
 * is not offered and falls away on save; its grants through the role had already stopped counting.
 */
export function DepartRoleMembersModal({ departId, role, onClose, onSaved }: Props) {
  const [users, setUsers] = useState<Candidate[] | null>(null);
  const [chosen, setChosen] = useState<string[]>([]);
  const { busy, run } = useBusy();

  useEffect(() => {
    if (!role) return;
    let live = true;
    providers()
      .data.get<Candidate[]>('/sys/sysDepartRole/queryDepartUsers', { departId })
      .then(
        (res) => {
          if (!live) return;
          if (!res.success) return reportReadFailure(res);
          const offered = new Set(res.result.map((u) => u.id));
          setUsers(res.result);
          setChosen(idsOf(role.userIds).filter((id) => offered.has(id)));
        },
        (e: unknown) => live && reportThrown(e),
      );
    return () => {
      live = false;
    };
  }, [role, departId]);

  const save = () =>
    run(async () => {
      if (!role) return;
      // only the members are sent: the role's other fields stay as they are
      const res = await providers().data.put('/sys/sysDepartRole/edit', {
        id: role.id,
        userIds: chosen.join(','),
      });
      if (!res.success) return providers().notices.warning(res.message);
      providers().notices.success(res.message);
      onSaved();
    });

  return (
    <Modal
      title={role ? `分配用户：${String(role.roleName)}` : '分配用户'}
      open={Boolean(role)}
      width={720}
      onOk={() => void save()}
      onCancel={onClose}
      okText="保存"
      cancelText="取消"
      okButtonProps={{ disabled: !users }}
      confirmLoading={busy}
      destroyOnHidden
      afterOpenChange={(open) => {
        if (!open) setUsers(null);
      }}
    >
      {users ? (
        <Transfer
          dataSource={users.map((u) => ({
            key: u.id,
            title: `${u.realname || u.username}（${u.username}）`,
          }))}
          targetKeys={chosen}
          onChange={(keys) => setChosen(keys.map(String))}
          render={(item) => item.title}
          titles={['部门用户', '已分配']}
          showSearch
          filterOption={(input, item) => item.title.toLowerCase().includes(input.trim().toLowerCase())}
          locale={{
            searchPlaceholder: '按姓名或账号搜索',
            notFoundContent: '暂无用户',
            itemUnit: '人',
            itemsUnit: '人',
          }}
          styles={{ section: { width: 320, height: 360 } }}
        />
      ) : (
        <Spin style={{ display: 'block', margin: '48px auto' }} />
      )}
    </Modal>
  );
}

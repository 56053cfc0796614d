import { Modal, Spin, Transfer } from 'antd';
import { useEffect, useState } from 'react';
import { membersParams, type MembersParams } from '../../src/core/actions/members';
import { rowTitle } from '../../src/core/actions/types';
import { reportReadFailure, reportThrown } from '../common/failure';
import { useBusy } from '../common/use-busy';
import type { Row } from '../list/columns';
import { providers } from '../providers';
import { t } from './messages';
import type { RunAction } from './types';

/** a user who may be chosen, as the candidates route answers */
interface Candidate {
  id: string;
  username: string;
  realname: string | null;
}

const idsOf = (v: unknown) =>
  String(v ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/** the row's members in a transfer among the users offered for it; saved, the list reloads */
function Members({
  p,
  row,
  onSaved,
  onClose,
}: {
  p: MembersParams;
  row: Row;
  onSaved: () => void;
  onClose: () => void;
}) {
  const [open, setOpen] = useState(true);
  const [users, setUsers] = useState<Candidate[] | null>(null);
  const [chosen, setChosen] = useState<string[]>([]);
  const { busy, run } = useBusy();

  useEffect(() => {
    let live = true;
    const query = Object.fromEntries(
      Object.entries(p.candidateParams).map(([name, field]) => [name, String(row[field] ?? '')]),
    );
    providers()
      .data.get<Candidate[]>(p.candidates, query)
      .then(
        (res) => {
          if (!live) return;
          if (!res.success) return reportReadFailure(res);
          // a member no longer offered (who left the department) is not shown, and falls away on save
          const offered = new Set(res.result.map((u) => u.id));
          setUsers(res.result);
          setChosen(idsOf(row[p.field]).filter((id) => offered.has(id)));
        },
        (e: unknown) => live && reportThrown(e),
      );
    return () => {
      live = false;
    };
  }, [p, row]);

  const save = () =>
    run(async () => {
      // only the members are sent: the row's other fields stay as they are
      const res = await providers().data.put(p.save, { id: row.id, [p.field]: chosen.join(',') });
      if (!res.success) return providers().notices.warning(res.message);
      providers().notices.success(res.message);
      onSaved();
      setOpen(false);
    });

  return (
    <Modal
      title={rowTitle(p.title, row)}
      open={open}
      width={720}
      onOk={() => void save()}
      onCancel={() => setOpen(false)}
      okText={t('save')}
      cancelText={t('cancel')}
      okButtonProps={{ disabled: !users }}
      confirmLoading={busy}
      destroyOnHidden
      afterOpenChange={(shown) => !shown && onClose()}
    >
      {users ? (
        <Transfer
          dataSource={users.map((u) => ({
            key: u.id,
            title: t('userName', { name: u.realname || u.username, username: u.username }),
          }))}
          targetKeys={chosen}
          onChange={(keys) => setChosen(keys.map(String))}
          render={(item) => item.title}
          titles={p.titles}
          showSearch
          filterOption={(input, item) => item.title.toLowerCase().includes(input.trim().toLowerCase())}
          locale={{
            searchPlaceholder: t('searchUsers'),
            notFoundContent: t('noUsers'),
            itemUnit: t('personUnit'),
            itemsUnit: t('peopleUnit'),
          }}
          styles={{ section: { width: 320, height: 360 } }}
        />
      ) : (
        <Spin style={{ display: 'block', margin: '48px auto' }} />
      )}
    </Modal>
  );
}

/** members (src/core/actions/members.ts): the row's members dialog over the list */
const run: RunAction = async (action, { row }, ctx) => {
  if (!row) return; // shown on rows only (its places)
  const p = membersParams(action);
  ctx.show((close) => <Members p={p} row={row} onSaved={ctx.reload} onClose={close} />);
};

export default run;

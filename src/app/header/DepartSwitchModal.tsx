import { Form, Modal, Select } from 'antd';
import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { account } from '../http/account-api';
import { notices } from '../http/notices';
import { session, setUserInfo, type UserInfo } from '../stores/session';

/** warnings, verbatim */
export const DEPART_MESSAGES = {
  noDepart: 'you have not set department info!',
  noPosition: 'you have not set position info!',
  positionRequired: '请选择岗位',
} as const;

interface Depart {
  id: string;
  departName?: string;
  title?: string;
  orgCode?: string;
}
interface Position {
  id: string;
  name: string;
  code?: string;
}
/** GET /sys/user/getCurrentUserDeparts: the signed-in user's own departments and held positions */
interface CurrentDeparts {
  list: Depart[];
  orgCode?: string;
  positions?: Position[];
  selectPositionId?: string;
}

export interface DepartSwitchModalProps {
  open: boolean;
  onClose: () => void;
}

/**
 * The department/position switch: position is mandatory; the chosen pair is
 * posted to /sys/selectDepart and the returned user info is stored (7 days) and set into state.
 */
export default function DepartSwitchModal({ open, onClose }: DepartSwitchModalProps) {
  const { userInfo } = useSnapshot(session);
  const [departs, setDeparts] = useState<Depart[]>([]);
  const [positions, setPositions] = useState<Position[]>([]);
  const [departId, setDepartId] = useState<string | undefined>();
  const [positionId, setPositionId] = useState<string | undefined>();
  const [positionError, setPositionError] = useState(false);
  const [loading, setLoading] = useState(false);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!open) return;
    let live = true;
    setLoading(true);
    setPositionError(false);
    const user = session.userInfo;
    // the user's own departments and positions, in one call any signed-in user may make: the
    // administrators' position list needs a permission staff do not have, and offered positions
    // the switch would refuse anyway
    void account
      .currentDeparts<CurrentDeparts>()
      .then((res) => {
        if (!live) return;
        if (!res.success) {
          notices.warning(res.message);
          return;
        }
        const own = res.result?.list ?? [];
        const held = res.result?.positions ?? [];
        if (!own.length) notices.warning(DEPART_MESSAGES.noDepart);
        if (!held.length) notices.warning(DEPART_MESSAGES.noPosition);
        setDeparts(own);
        setPositions(held);
        const current = own.find((x) => x.orgCode && x.orgCode === res.result?.orgCode)?.id;
        setDepartId(current ?? user?.selectDepartId ?? own[0]?.id);
        const selected = res.result?.selectPositionId || user?.selectPositionId;
        setPositionId(held.some((x) => x.id === selected) ? selected! : undefined);
      })
      // a rejected call was already reported by the client's error catalogue
      .catch(() => undefined)
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [open]);

  const submit = async () => {
    if (!positionId) {
      setPositionError(true);
      return;
    }
    setSaving(true);
    try {
      const res = await account.selectDepart<{ userInfo?: UserInfo }>({
        username: userInfo?.username,
        selectDepartId: departId,
        selectPositionId: positionId,
      });
      if (res.success) {
        if (res.result?.userInfo) setUserInfo(res.result.userInfo);
        notices.success(res.message || '切换成功');
        onClose();
      } else notices.warning(res.message || '切换失败');
    } catch {
      // already reported by the client
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      title="部门切换"
      open={open}
      onOk={submit}
      onCancel={onClose}
      confirmLoading={saving}
      okText="确定"
      cancelText="取消"
    >
      <Form labelCol={{ span: 4 }} wrapperCol={{ span: 18 }} component="div">
        <Form.Item label="部门" htmlFor="depart-switch-depart">
          <Select
            id="depart-switch-depart"
            loading={loading}
            value={departId}
            onChange={setDepartId}
            placeholder="请选择部门"
            options={departs.map((d) => ({ value: d.id, label: d.departName ?? d.title ?? d.id }))}
          />
        </Form.Item>
        <Form.Item
          label="岗位"
          htmlFor="depart-switch-position"
          required
          validateStatus={positionError ? 'error' : undefined}
          help={positionError ? DEPART_MESSAGES.positionRequired : undefined}
        >
          <Select
            id="depart-switch-position"
            loading={loading}
            value={positionId}
            status={positionError ? 'error' : undefined}
            onChange={(v: string) => {
              setPositionId(v);
              setPositionError(false);
            }}
            placeholder="请选择岗位"
            options={positions.map((p) => ({ value: p.id, label: p.name }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

import { Form, Modal, Select } from 'antd';
import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { account } from '../http/account-api';
import { notices } from '../http/notices';
import { session, setUserInfo, type UserInfo } from '../stores/session';
import { t } from '../i18n/i18n';

/** warnings, verbatim */
export const DEPART_MESSAGES = {
  noDepart: 'you have not set department info!',
  noPosition: 'you have not set position info!',
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
        notices.success(res.message || t('depart.switched'));
        onClose();
      } else notices.warning(res.message || t('depart.switchFailed'));
    } catch {
      // already reported by the client
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      title={t('depart.title')}
      open={open}
      onOk={submit}
      onCancel={onClose}
      confirmLoading={saving}
      okText={t('common.ok')}
      cancelText={t('common.cancel')}
    >
      <Form labelCol={{ span: 4 }} wrapperCol={{ span: 18 }} component="div">
        <Form.Item label={t('depart.depart')} htmlFor="depart-switch-depart">
          <Select
            id="depart-switch-depart"
            loading={loading}
            value={departId}
            onChange={setDepartId}
            placeholder={t('depart.departPlaceholder')}
            options={departs.map((d) => ({ value: d.id, label: d.departName ?? d.title ?? d.id }))}
          />
        </Form.Item>
        <Form.Item
          label={t('depart.position')}
          htmlFor="depart-switch-position"
          required
          validateStatus={positionError ? 'error' : undefined}
          help={positionError ? t('depart.positionRequired') : undefined}
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
            placeholder={t('depart.positionPlaceholder')}
            options={positions.map((p) => ({ value: p.id, label: p.name }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

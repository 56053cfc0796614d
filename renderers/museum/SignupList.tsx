import { useRef, useState } from 'react';
import { CheckCircleOutlined } from '@ant-design/icons';
import { Alert, Button, Input, Modal, type InputRef } from 'antd';
import { hasPermission } from '../../src/core/permission';
import { reportThrown } from '../common/failure';
import { useGrants } from '../common/use-permissions';
import { DocumentList, type ListContext } from '../list/ListPage';
import type { RendererProps } from '../registry';
import { providers } from '../providers';

const PERMISSION = 'museum:signup:checkin';

/** the check-in desk: type (or scan into) the visitor's code, see the answer, go on with the next */
function CheckinModal({ open, onClose, onDone }: { open: boolean; onClose: () => void; onDone: () => void }) {
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<{ ok: boolean; text: string } | null>(null);
  const input = useRef<InputRef>(null);

  const submit = async () => {
    if (!code.trim()) return setAnswer({ ok: false, text: '请输入签到码' });
    setBusy(true);
    try {
      const res = await providers().data.post('/museum/signup/checkin', { checkinCode: code.trim() });
      setAnswer({ ok: res.success, text: res.message });
      if (res.success) {
        setCode('');
        onDone();
      }
    } catch (e) {
      reportThrown(e);
    } finally {
      setBusy(false);
      input.current?.focus();
    }
  };

  return (
    <Modal
      title="签到"
      open={open}
      onCancel={onClose}
      afterOpenChange={(visible) => visible && input.current?.focus()}
      footer={[
        <Button key="close" onClick={onClose}>
          关闭
        </Button>,
        <Button key="ok" type="primary" loading={busy} onClick={submit}>
          签到
        </Button>,
      ]}
      destroyOnHidden
    >
      <Input
        ref={input}
        aria-label="签到码"
        placeholder="请输入访客出示的签到码"
        value={code}
        maxLength={16}
        onChange={(e) => setCode(e.target.value.toUpperCase())}
        onPressEnter={submit}
        size="large"
        style={{ letterSpacing: 4, fontFamily: 'monospace' }}
      />
      {answer && (
        <Alert
          role="status"
          style={{ marginTop: 16 }}
          type={answer.ok ? 'success' : 'warning'}
          showIcon
          title={answer.text}
        />
      )}
    </Modal>
  );
}

/**
 * 活动报名: the generic list of museum_signup with 签到 in the toolbar (for holders of
 * museum:signup:checkin): a desk that checks visitors in by the code their phone shows.
 */
export default function SignupList({ code }: RendererProps) {
  const grants = useGrants();
  const mayCheckin = hasPermission(grants, PERMISSION);
  const [open, setOpen] = useState(false);
  const reload = useRef<() => void>(() => {});

  const toolbar = (ctx: ListContext) => {
    reload.current = () => ctx.list.reload();
    return (
      mayCheckin && (
        <Button key="checkin" icon={<CheckCircleOutlined />} onClick={() => setOpen(true)}>
          签到
        </Button>
      )
    );
  };

  return (
    <>
      <DocumentList code={code || 'museum_signup'} toolbar={toolbar} />
      <CheckinModal open={open} onClose={() => setOpen(false)} onDone={() => reload.current()} />
    </>
  );
}

import { useEffect, useState } from 'react';
import { Alert, Button, Empty, Input, Modal, Popconfirm, Space, Typography } from 'antd';
import { hasPermission } from '../../src/core/permission';
import { reportReadFailure, reportThrown, reportWrite } from '../common/failure';
import { useGrants } from '../common/use-permissions';
import type { Row } from '../list/columns';
import { erpExtensions } from '../list/ErpList';
import { DocumentList } from '../list/ListPage';
import type { RowAction } from '../list/RowActions';
import type { RendererProps } from '../registry';
import { providers } from '../providers';

const PERMISSION = 'production:workOrder:share';

interface Share {
  id: string;
  createBy: string;
  createTime: string;
}

/** the link a share answers, on this console's own address (the step page is served by it too) */
const linkOf = (path: string) => `${window.location.origin}${path}`;

/**
 * 分享 of one work order: a new read-only link to its steps (shown once, with 复制: only its hash
 * is kept), and the order's live links, each revocable after a confirmation.
 */
function ShareModal({ order, onClose }: { order: Row | null; onClose: () => void }) {
  const orderId = order ? String(order.id) : '';
  const [shares, setShares] = useState<Share[]>([]);
  const [fresh, setFresh] = useState<{ id: string; url: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const load = async (id: string) => {
    try {
      const res = await providers().data.get<Share[]>('/production/workOrder/share/list', {
        workOrderId: id,
      });
      if (res.success) setShares(res.result);
      else reportReadFailure(res);
    } catch (e) {
      reportThrown(e);
    }
  };

  useEffect(() => {
    setFresh(null);
    setShares([]);
    if (orderId) void load(orderId);
  }, [orderId]);

  const create = async () => {
    setBusy(true);
    try {
      const res = await providers().data.post<{ id: string; path: string }>('/production/workOrder/share', {
        workOrderId: orderId,
      });
      if (!res.success) return reportReadFailure(res);
      setFresh({ id: res.result.id, url: linkOf(res.result.path) });
      await load(orderId);
    } catch (e) {
      reportThrown(e);
    } finally {
      setBusy(false);
    }
  };

  const revoke = async (id: string) => {
    if (await reportWrite(providers().data.post('/production/workOrder/share/revoke', { id }))) {
      if (fresh?.id === id) setFresh(null);
      await load(orderId);
    }
  };

  const revokeButton = (id: string) => (
    <Popconfirm
      key="revoke"
      title="撤销后此链接（及其二维码）将无法再打开，确定撤销吗?"
      okText="确定"
      cancelText="取消"
      onConfirm={() => revoke(id)}
    >
      <Button danger>撤销</Button>
    </Popconfirm>
  );

  return (
    <Modal
      title={`分享工序进度 · ${String(order?.orderNo ?? '')}`}
      open={Boolean(order)}
      onCancel={onClose}
      footer={<Button onClick={onClose}>关闭</Button>}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">
        持有链接的人无需登录即可查看此工单的工序步骤（只读）。链接只在生成时显示一次，请复制保存；不再需要时请撤销。
      </Typography.Paragraph>
      {fresh ? (
        <Space.Compact style={{ width: '100%', marginBottom: 16 }}>
          <Input readOnly value={fresh.url} aria-label="分享链接" />
          <Button
            type="primary"
            onClick={() =>
              navigator.clipboard.writeText(fresh.url).then(
                () => void Modal.success({ title: '链接已复制' }),
                () => void Modal.info({ title: '请手动复制链接', content: fresh.url }),
              )
            }
          >
            复制
          </Button>
          {revokeButton(fresh.id)}
        </Space.Compact>
      ) : (
        <Button type="primary" loading={busy} onClick={create} style={{ marginBottom: 16 }}>
          生成链接
        </Button>
      )}
      <Typography.Title level={5}>有效的链接</Typography.Title>
      {shares.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无有效的分享链接" />
      ) : (
        <ul aria-label="有效的链接" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {shares.map((s) => (
            <li
              key={s.id}
              style={{
                display: 'flex',
                alignItems: 'center',
                justifyContent: 'space-between',
                padding: '6px 0',
              }}
            >
              <span>
                {s.createTime} · {s.createBy} 创建{fresh?.id === s.id ? '（上方链接）' : ''}
              </span>
              {revokeButton(s.id)}
            </li>
          ))}
        </ul>
      )}
      {!fresh && shares.length > 0 && (
        <Alert
          style={{ marginTop: 12 }}
          type="info"
          showIcon
          title="已生成的链接无法再次查看；如需再发一次，请生成新链接。"
        />
      )}
    </Modal>
  );
}

/**
 * 生产工单: the generic list of pro_work_order with 分享 per row (for holders of
 * production:workOrder:share): read-only links to the order's procedure steps
 * (/workOrderListProcedureStepInfo), for the workshop's QR codes and for customers.
 */
export default function WorkOrderList({ code }: RendererProps) {
  const grants = useGrants();
  const mayShare = hasPermission(grants, PERMISSION);
  const [sharing, setSharing] = useState<Row | null>(null);

  const rowActions = (): RowAction[] =>
    mayShare ? [{ key: 'share', label: '分享', run: (row: Row) => setSharing(row) }] : [];

  return (
    <>
      <DocumentList code={code || 'pro_work_order'} rowActions={rowActions} {...erpExtensions} />
      <ShareModal order={sharing} onClose={() => setSharing(null)} />
    </>
  );
}

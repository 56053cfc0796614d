import { useCallback, useEffect, useState } from 'react';
import { Alert, Button, Empty, Input, Modal, Popconfirm, Space, Typography } from 'antd';
import { shareParams, type ShareParams } from '../../src/core/actions/share';
import { reportReadFailure, reportThrown, reportWrite } from '../common/failure';
import type { Row } from '../list/columns';
import { providers } from '../providers';
import { t } from './messages';
import type { RunAction } from './types';

interface Share {
  id: string;
  createBy: string;
  createTime: string;
}

/**
 * 分享 of one record (src/core/actions/share.ts): a new read-only link (shown once, with 复制: only
 * its hash is kept), and the record's live links, each revocable after a confirmation.
 */
function ShareDialog({ p, record, onClose }: { p: ShareParams; record: Row; onClose: () => void }) {
  const recordId = String(record.id);
  const [open, setOpen] = useState(true);
  const [shares, setShares] = useState<Share[]>([]);
  const [fresh, setFresh] = useState<{ id: string; url: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    try {
      const res = await providers().data.get<Share[]>(p.list, { [p.param]: recordId });
      if (res.success) setShares(res.result);
      else reportReadFailure(res);
    } catch (e) {
      reportThrown(e);
    }
  }, [p, recordId]);

  useEffect(() => {
    void load();
  }, [load]);

  const create = async () => {
    setBusy(true);
    try {
      const res = await providers().data.post<{ id: string; token: string }>(p.create, {
        [p.param]: recordId,
      });
      if (!res.success) return reportReadFailure(res);
      // on this console's own address: the page a link opens is served by it too
      const url = `${window.location.origin}${p.link}?token=${res.result.token}`;
      setFresh({ id: res.result.id, url });
      await load();
    } catch (e) {
      reportThrown(e);
    } finally {
      setBusy(false);
    }
  };

  const revoke = async (id: string) => {
    if (await reportWrite(providers().data.post(p.revoke, { id }))) {
      if (fresh?.id === id) setFresh(null);
      await load();
    }
  };

  const revokeButton = (id: string) => (
    <Popconfirm
      key="revoke"
      title={t('revokeConfirm')}
      okText={t('ok')}
      cancelText={t('cancel')}
      onConfirm={() => revoke(id)}
    >
      <Button danger>{t('revoke')}</Button>
    </Popconfirm>
  );

  return (
    <Modal
      title={`${p.title} · ${String(record[p.nameField] ?? '')}`}
      open={open}
      onCancel={() => setOpen(false)}
      afterClose={onClose}
      footer={<Button onClick={() => setOpen(false)}>{t('close')}</Button>}
    >
      <Typography.Paragraph type="secondary">{t('shareNote', { shows: p.shows })}</Typography.Paragraph>
      {fresh ? (
        <Space.Compact style={{ width: '100%', marginBottom: 16 }}>
          <Input readOnly value={fresh.url} aria-label={t('shareLink')} />
          <Button
            type="primary"
            onClick={() =>
              navigator.clipboard.writeText(fresh.url).then(
                () => void Modal.success({ title: t('copied') }),
                () => void Modal.info({ title: t('copyByHand'), content: fresh.url }),
              )
            }
          >
            {t('copy')}
          </Button>
          {revokeButton(fresh.id)}
        </Space.Compact>
      ) : (
        <Button type="primary" loading={busy} onClick={create} style={{ marginBottom: 16 }}>
          {t('createLink')}
        </Button>
      )}
      <Typography.Title level={5}>{t('activeLinks')}</Typography.Title>
      {shares.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noActiveLinks')} />
      ) : (
        <ul aria-label={t('activeLinks')} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
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
                {t('createdBy', { time: s.createTime, user: s.createBy })}
                {fresh?.id === s.id ? t('linkAbove') : ''}
              </span>
              {revokeButton(s.id)}
            </li>
          ))}
        </ul>
      )}
      {!fresh && shares.length > 0 && (
        <Alert style={{ marginTop: 12 }} type="info" showIcon title={t('noSecondLook')} />
      )}
    </Modal>
  );
}

/** share: the row's share dialog over the list */
const run: RunAction = async (action, { row }, ctx) => {
  if (!row) return; // shown on rows only (its places)
  const p = shareParams(action);
  ctx.show((close) => <ShareDialog p={p} record={row} onClose={close} />);
};

export default run;

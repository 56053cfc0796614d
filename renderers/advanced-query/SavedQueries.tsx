import { DeleteOutlined, ShareAltOutlined } from '@ant-design/icons';
import { useEffect, useState } from 'react';
import { Button, Empty, Modal, Popconfirm, Select, Tag, Tooltip, Typography } from 'antd';
import { providers } from '../providers';
import { reportThrown } from '../common/failure';
import { deleteQuery, loadRoles, shareQuery, type RoleOption, type SavedQuery } from './saved-queries-api';
import { t } from './messages';

interface Props {
  list: SavedQuery[];
  offline: boolean;
  onLoad: (query: SavedQuery) => void;
  /** after a delete or a share: read the list again */
  onChanged: () => void;
}

/** 共享: the roles a query of the user's own is shared with, chosen among those the server offers (the user's own) */
function ShareDialog({ query, onClose }: { query: SavedQuery; onClose: (changed: boolean) => void }) {
  const [roles, setRoles] = useState<RoleOption[]>([]);
  const [chosen, setChosen] = useState<string[]>(query.roleIds);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    loadRoles().then(setRoles, reportThrown);
  }, []);
  const save = async () => {
    setSaving(true);
    try {
      const res = await shareQuery(query.id, chosen);
      if (!res.success) return providers().notices.warning(res.message);
      providers().notices.success(res.message);
      onClose(true);
    } catch (e) {
      reportThrown(e);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open
      title={t('shareTitle', { title: query.title })}
      onCancel={() => onClose(false)}
      onOk={save}
      confirmLoading={saving}
    >
      <Typography.Paragraph type="secondary">{t('shareWith')}</Typography.Paragraph>
      <Select
        aria-label={t('shareRoles')}
        mode="multiple"
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        placeholder={t('chooseRoles')}
        options={roles.map((r) => ({ value: r.id, label: r.roleName }))}
        value={chosen}
        onChange={setChosen}
        style={{ width: '100%' }}
      />
    </Modal>
  );
}

/** The right-hand panel 保存的查询: each one loads on click; the user's own may be deleted or shared. */
export function SavedQueries({ list, offline, onLoad, onChanged }: Props) {
  const [sharing, setSharing] = useState<SavedQuery | null>(null);
  const remove = async (q: SavedQuery) => {
    try {
      const res = await deleteQuery(q.id);
      if (!res.success) return providers().notices.warning(res.message);
      onChanged();
    } catch (e) {
      reportThrown(e);
    }
  };
  return (
    <div>
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        {t('savedQueries')}
      </Typography.Title>
      {offline && <Typography.Text type="warning">{t('offline')}</Typography.Text>}
      {list.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noneSaved')} />
      ) : (
        <ul aria-label={t('savedQueries')} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {list.map((q) => (
            <li key={q.id} style={{ display: 'flex', alignItems: 'center', gap: 4, padding: '4px 0' }}>
              <Button type="link" size="small" style={{ padding: 0 }} onClick={() => onLoad(q)}>
                {q.title}
              </Button>
              {!q.mine && <Tag>{t('sharedBy', { owner: q.owner })}</Tag>}
              {q.mine && q.roleIds.length > 0 && <Tag color="blue">{t('shared')}</Tag>}
              {q.mine && !offline && (
                <span style={{ marginLeft: 'auto' }}>
                  <Tooltip title={t('shareRoles')}>
                    <Button
                      type="text"
                      size="small"
                      aria-label={t('share', { title: q.title })}
                      icon={<ShareAltOutlined />}
                      onClick={() => setSharing(q)}
                    />
                  </Tooltip>
                  <Popconfirm title={t('confirmDelete')} onConfirm={() => remove(q)}>
                    <Button
                      type="text"
                      size="small"
                      danger
                      aria-label={t('delete', { title: q.title })}
                      icon={<DeleteOutlined />}
                    />
                  </Popconfirm>
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
      {sharing && (
        <ShareDialog
          query={sharing}
          onClose={(changed) => {
            setSharing(null);
            if (changed) onChanged();
          }}
        />
      )}
    </div>
  );
}

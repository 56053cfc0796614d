import { DeleteOutlined, ShareAltOutlined } from '@ant-design/icons';
import { useEffect, useState } from 'react';
import { Button, Empty, Modal, Popconfirm, Select, Tag, Tooltip, Typography } from 'antd';
import { providers } from '../providers';
import { reportThrown } from '../common/failure';
import { deleteQuery, loadRoles, shareQuery, type RoleOption, type SavedQuery } from './saved-queries-api';

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
      title={`共享查询「${query.title}」`}
      onCancel={() => onClose(false)}
      onOk={save}
      confirmLoading={saving}
    >
      <Typography.Paragraph type="secondary">
        共享给以下角色的用户（须有此列表的查看权限）：
      </Typography.Paragraph>
      <Select
        aria-label="共享给角色"
        mode="multiple"
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        placeholder="请选择角色（不选则不共享）"
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
        保存的查询
      </Typography.Title>
      {offline && <Typography.Text type="warning">服务器暂时无法访问，显示的是上次的列表</Typography.Text>}
      {list.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="没有保存任何查询" />
      ) : (
        <ul aria-label="保存的查询" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {list.map((q) => (
            <li key={q.id} style={{ display: 'flex', alignItems: 'center', gap: 4, padding: '4px 0' }}>
              <Button type="link" size="small" style={{ padding: 0 }} onClick={() => onLoad(q)}>
                {q.title}
              </Button>
              {!q.mine && <Tag>{q.owner} 共享</Tag>}
              {q.mine && q.roleIds.length > 0 && <Tag color="blue">已共享</Tag>}
              {q.mine && !offline && (
                <span style={{ marginLeft: 'auto' }}>
                  <Tooltip title="共享给角色">
                    <Button
                      type="text"
                      size="small"
                      aria-label={`共享 ${q.title}`}
                      icon={<ShareAltOutlined />}
                      onClick={() => setSharing(q)}
                    />
                  </Tooltip>
                  <Popconfirm title="是否删除当前查询？" onConfirm={() => remove(q)}>
                    <Button
                      type="text"
                      size="small"
                      danger
                      aria-label={`删除 ${q.title}`}
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

import { Button, Drawer, Empty, Space, Spin, Typography } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';
import { reportReadFailure, reportThrown } from '../common/failure';
import { useBusy } from '../common/use-busy';
import { grantDiff, grantPayload, type GrantNode } from './grant-keys';
import type { GrantSource } from './grant-sources';
import { GrantTree } from './GrantTree';
import { providers } from '../providers';
import { t } from './messages';

/** who receives the grants: a role, a department or a department role */
export interface GrantOwner {
  id: string;
  name: string;
}

interface Props {
  title: string;
  /** where the tree and the owner's grants come from and go to (grant-sources.ts) */
  source: GrantSource;
  /** the owner being edited; null while closed */
  owner: GrantOwner | null;
  onClose: () => void;
  /** once the drawer has closed */
  afterClose?: () => void;
  /** see GrantTree */
  onRuleNode?: (node: GrantNode) => void;
  /** drawers opened from this one (data rules), so they stack on it */
  children?: ReactNode;
}

interface Loaded {
  nodes: GrantNode[];
  /** what the server held when the drawer opened or was last saved */
  last: Set<string>;
}

/**
 * 授权: loads the menu tree and the owner's grants when opened, lets them be changed in a GrantTree
 * and saves the difference (保存 keeps the drawer open, 保存并关闭 closes it). The server's own
 * messages are shown ("保存成功！", "授权失败！", or why it refused).
 */
export function GrantDrawer({ title, source, owner, onClose, afterClose, onRuleNode, children }: Props) {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [value, setValue] = useState<Set<string>>(new Set());
  const { busy, run } = useBusy();

  useEffect(() => {
    if (!owner) return;
    let live = true;
    Promise.all([
      providers().data.get<{ treeList: GrantNode[] }>(source.tree, source.treeParams),
      providers().data.get<string[]>(source.query, { [source.param]: owner.id }),
    ]).then(
      ([tree, grants]) => {
        if (!live) return;
        if (!tree.success) return reportReadFailure(tree);
        if (!grants.success) return reportReadFailure(grants);
        const last = new Set(grants.result);
        setLoaded({ nodes: tree.result.treeList, last });
        setValue(new Set(last));
      },
      (e: unknown) => live && reportThrown(e),
    );
    return () => {
      live = false;
    };
  }, [owner, source]);

  const save = (close: boolean) =>
    run(async () => {
      if (!owner || !loaded) return;
      const res = await providers().data.post(source.save, {
        [source.param]: owner.id,
        ...grantPayload(loaded.last, value),
      });
      if (!res.success) return providers().notices.warning(res.message || t('grantFailed'));
      providers().notices.success(res.message);
      setLoaded({ ...loaded, last: new Set(value) });
      if (close) onClose();
    });

  const diff = loaded && grantDiff(loaded.last, value);
  const pending = diff && diff.added.length + diff.removed.length > 0;
  // nothing offered (a department role of a department not granted yet): nothing to save either
  const empty = !loaded || loaded.nodes.length === 0;

  return (
    <Drawer
      title={owner ? `${title}：${owner.name}` : title}
      size={650}
      open={Boolean(owner)}
      onClose={onClose}
      destroyOnHidden
      afterOpenChange={(open) => {
        if (open) return;
        setLoaded(null);
        afterClose?.();
      }}
      footer={
        <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
          <Typography.Text type="secondary">
            {pending ? t('unsaved', { added: diff.added.length, removed: diff.removed.length }) : ''}
          </Typography.Text>
          <Space>
            <Button onClick={onClose}>{t('cancel')}</Button>
            <Button loading={busy} disabled={empty} onClick={() => void save(true)}>
              {t('saveAndClose')}
            </Button>
            <Button type="primary" loading={busy} disabled={empty} onClick={() => void save(false)}>
              {t('save')}
            </Button>
          </Space>
        </div>
      }
    >
      {!loaded ? (
        <Spin style={{ display: 'block', marginTop: 48 }} />
      ) : loaded.nodes.length ? (
        <GrantTree nodes={loaded.nodes} value={value} onChange={setValue} onRuleNode={onRuleNode} />
      ) : (
        <Empty style={{ marginTop: 48 }} description={source.emptyText} />
      )}
      {children}
    </Drawer>
  );
}

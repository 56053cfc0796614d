import { lazy, Suspense, useState } from 'react';
import {
  DeleteOutlined,
  MinusSquareOutlined,
  PlusOutlined,
  PlusSquareOutlined,
  ReloadOutlined,
} from '@ant-design/icons';
import { Button, Card, Modal, Space } from 'antd';
import { hasPermission } from '../../../src/core/permission';
import { reportThrown, reportWrite } from '../../common/failure';
import { actionGrants, useGrants } from '../../common/use-permissions';
import type { Row } from '../../list/columns';
import type { RowAction } from '../../list/RowActions';
import { SelectionAlert } from '../../list/SelectionAlert';
import { confirmBatchDelete } from '../../list/use-deletes';
import { DataRulesDrawer } from './DataRulesDrawer';
import { branchIds, isButton, pathTo, subtreeIds, type PermissionNode } from './permission-model';
import { PermissionTable } from './PermissionTable';
import type { PermissionFormTarget } from './PermissionForm';
import { usePermissionTree } from './use-permission-tree';
import { providers, type DataProvider } from '../../providers';

const PREFIX = 'system:permission:';

// the form (TreeSelect, icon list) loads when first opened, not with the tree
const PermissionForm = lazy(() => import('./PermissionForm'));

interface FormState {
  target: PermissionFormTarget;
  open: boolean;
  /** a new number per opening, so each opening starts from a fresh form */
  seq: number;
}

/**
 * The side menu comes from the permission load: after a change it is loaded again, so the
 * administrator sees the new entry at once (other users at their next page load).
 */
function refreshSideMenu() {
  providers().session.reloadPermissions().catch(reportThrown);
}

/**
 * 菜单管理: every menu and button as a tree table, with add / edit / 添加下级 / delete and each
 * menu's 数据规则. Buttons show only with their permission codes; the server checks them anyway.
 */
export default function PermissionList() {
  const { nodes, loading, reload } = usePermissionTree();
  const grants = useGrants();
  const may = actionGrants(grants, PREFIX);
  const mayRule = hasPermission(grants, `${PREFIX}rule`);
  const [expanded, setExpanded] = useState<string[]>([]);
  const [selected, setSelected] = useState<string[]>([]);
  const [form, setForm] = useState<FormState | null>(null);
  const [rulesOf, setRulesOf] = useState<PermissionNode | null>(null);
  const [modal, modalHolder] = Modal.useModal();

  const openForm = (target: PermissionFormTarget) =>
    setForm((f) => ({ target, open: true, seq: (f?.seq ?? 0) + 1 }));
  const closeForm = () => setForm((f) => f && { ...f, open: false });

  const afterChange = () => {
    reload();
    refreshSideMenu();
  };
  const saved = (parentId: string | undefined) => {
    closeForm();
    // the saved entry's branch opens, so it is seen in the tree
    if (parentId) setExpanded((e) => [...new Set([...e, ...pathTo(nodes, parentId)])]);
    afterChange();
  };
  const deleted = async (call: ReturnType<DataProvider['delete']>, ids: string[]) => {
    if (!(await reportWrite(call, '删除成功！'))) return;
    setSelected((s) => s.filter((id) => !ids.includes(id)));
    afterChange();
  };

  const node = (row: Row) => row as unknown as PermissionNode;
  const actions: RowAction[] = [
    ...(may.edit ? [{ key: 'edit', label: '编辑', run: (row: Row) => openForm({ node: node(row) }) }] : []),
    ...(may.add
      ? [
          {
            key: 'addChild',
            label: '添加下级',
            visible: (row: Row) => !isButton(node(row)),
            run: (row: Row) => openForm({ parent: node(row) }),
          },
        ]
      : []),
    {
      key: 'rules',
      label: '数据规则',
      visible: (row) => !isButton(node(row)),
      run: (row) => setRulesOf(node(row)),
    },
    ...(may.delete
      ? [
          {
            key: 'delete',
            label: '删除',
            danger: true,
            confirm: '删除后其下级菜单、按钮和数据规则也会一并删除，确定删除吗?',
            run: (row: Row) =>
              deleted(
                providers().data.delete('/sys/permission/delete', { id: row.id }),
                subtreeIds(node(row)),
              ),
          },
        ]
      : []),
  ];

  const allOpen = expanded.length > 0;
  return (
    <Card variant="borderless">
      {modalHolder}
      <div style={{ marginBottom: 12 }}>
        <Space wrap style={{ marginBottom: 12 }}>
          {may.add && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => openForm({})}>
              新增菜单
            </Button>
          )}
          {may.batch_delete && (
            <Button
              danger
              icon={<DeleteOutlined />}
              onClick={() =>
                confirmBatchDelete(modal, selected, () =>
                  deleted(
                    providers().data.delete('/sys/permission/deleteBatch', { ids: selected.join(',') }),
                    selected,
                  ),
                )
              }
            >
              批量删除
            </Button>
          )}
          <Button
            icon={allOpen ? <MinusSquareOutlined /> : <PlusSquareOutlined />}
            onClick={() => setExpanded(allOpen ? [] : branchIds(nodes))}
          >
            {allOpen ? '全部折叠' : '全部展开'}
          </Button>
          <Button icon={<ReloadOutlined />} onClick={reload}>
            刷新
          </Button>
        </Space>
        <SelectionAlert selected={selected.length} onClear={() => setSelected([])} />
      </div>
      <PermissionTable
        nodes={nodes}
        loading={loading}
        actions={actions}
        expanded={expanded}
        onExpandedChange={setExpanded}
        selected={selected}
        onSelectedChange={setSelected}
      />
      <Suspense fallback={null}>
        {form && (
          <PermissionForm
            key={form.seq}
            target={form.target}
            open={form.open}
            nodes={nodes}
            onClose={closeForm}
            onSaved={saved}
          />
        )}
      </Suspense>
      <DataRulesDrawer menu={rulesOf} mayWrite={mayRule} onClose={() => setRulesOf(null)} />
    </Card>
  );
}

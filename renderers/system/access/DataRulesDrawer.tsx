import { useCallback, useEffect, useState } from 'react';
import { PlusOutlined } from '@ant-design/icons';
import { Button, Drawer, Table, Tag, type TableColumnsType } from 'antd';
import { reportReadFailure, reportThrown, reportWrite } from '../../common/failure';
import { useOptions } from '../../common/use-options';
import type { Row } from '../../list/columns';
import { RowActions, type RowAction } from '../../list/RowActions';
import { CONDITION_FIELDS, RULE_STATUS_TEXT, type DataRule } from './data-rule-model';
import { DataRuleForm } from './DataRuleForm';
import { providers } from '../../providers';

interface Props {
  /** the menu whose rules are shown; null while closed */
  menu: { id: string; name: string; component?: string | null } | null;
  /** may add, edit and delete rules (system:permission:rule); reading needs only the list */
  mayWrite: boolean;
  onClose: () => void;
}

/** which rule the form edits: a new one, an existing one, or none (closed: the form unmounts, so each opening starts fresh) */
type Editing = { rule?: DataRule } | null;

/** the rules of one menu, newest first */
function useRules(menuId: string) {
  const [rules, setRules] = useState<DataRule[]>([]);
  const [loading, setLoading] = useState(false);
  const [count, setCount] = useState(0);
  useEffect(() => {
    let live = true;
    setLoading(true);
    providers()
      .data.get<DataRule[]>('/sys/permission/getPermRuleListByPermId', { permissionId: menuId })
      .then((res) => {
        if (!live) return;
        if (res.success) setRules(res.result);
        else reportReadFailure(res);
      })
      .catch(reportThrown)
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [menuId, count]);
  return { rules, loading, reload: useCallback(() => setCount((n) => n + 1), []) };
}

/**
 * 数据规则 of a menu (reference 2.4): the rules a role may then choose for the menu's list. Each
 * is a field, a condition and a value, which may name a system variable such as #{sys_user_code}.
 */
export function DataRulesDrawer({ menu, mayWrite, onClose }: Props) {
  return (
    <Drawer
      title={menu ? `数据规则：${menu.name}` : '数据规则'}
      open={Boolean(menu)}
      size={860}
      onClose={onClose}
      destroyOnHidden
    >
      {/* the rules and the conditions' texts load only while a menu's drawer is open */}
      {menu && <MenuRules menu={menu} mayWrite={mayWrite} />}
    </Drawer>
  );
}

/** the rules of one menu with 新增 / 编辑 / 删除 */
function MenuRules({
  menu,
  mayWrite,
}: {
  menu: { id: string; name: string; component?: string | null };
  mayWrite: boolean;
}) {
  const { rules, loading, reload } = useRules(menu.id);
  const [editing, setEditing] = useState<Editing>(null);
  const conditions = useOptions(CONDITION_FIELDS)?.ruleConditions ?? [];
  const conditionText = (v: string) => conditions.find((o) => o.value === v)?.text ?? v;

  const open = (rule?: DataRule) => setEditing({ rule });
  const remove = async (rule: DataRule) => {
    if (
      await reportWrite(
        providers().data.delete('/sys/permission/deletePermissionRule', { id: rule.id }),
        '删除成功！',
      )
    )
      reload();
  };
  const actions: RowAction[] = mayWrite
    ? [
        { key: 'edit', label: '编辑', run: (row) => open(row as unknown as DataRule) },
        {
          key: 'delete',
          label: '删除',
          danger: true,
          confirm: '删除后各角色对它的选择也一并取消，确定删除吗?',
          run: (row) => remove(row as unknown as DataRule),
        },
      ]
    : [];

  const columns: TableColumnsType<DataRule> = [
    { title: '规则名称', dataIndex: 'ruleName' },
    { title: '规则字段', dataIndex: 'ruleColumn' },
    { title: '条件规则', dataIndex: 'ruleConditions', render: conditionText },
    { title: '规则值', dataIndex: 'ruleValue' },
    {
      title: '状态',
      dataIndex: 'status',
      width: 80,
      render: (s: string | null) =>
        s === '0' ? <Tag>{RULE_STATUS_TEXT['0']}</Tag> : <Tag color="green">{RULE_STATUS_TEXT['1']}</Tag>,
    },
    ...(mayWrite
      ? [
          {
            title: '操作',
            key: 'action',
            width: 130,
            render: (_: unknown, rule: DataRule) => (
              <RowActions row={rule as unknown as Row} actions={actions} />
            ),
          },
        ]
      : []),
  ];

  return (
    <>
      {mayWrite && (
        <Button type="primary" icon={<PlusOutlined />} style={{ marginBottom: 12 }} onClick={() => open()}>
          新增
        </Button>
      )}
      <Table<DataRule>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={rules}
        loading={loading}
        pagination={false}
        locale={{ emptyText: '该菜单还没有数据规则' }}
      />
      {editing && (
        <DataRuleForm
          menu={menu}
          rule={editing.rule}
          open
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            reload();
          }}
        />
      )}
    </>
  );
}

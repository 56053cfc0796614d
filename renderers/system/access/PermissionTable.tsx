import { Table, type TableColumnsType } from 'antd';
import { MenuIcon } from '../../common/menu-icons';
import { EllipsisText } from '../../list/EllipsisText';
import { RowActions, type RowAction } from '../../list/RowActions';
import type { Row } from '../../list/columns';
import { isButton, MENU_TYPE_TEXT, menuTypeOf, type PermissionNode } from './permission-model';

interface Props {
  nodes: PermissionNode[];
  loading: boolean;
  actions: readonly RowAction[];
  expanded: readonly string[];
  onExpandedChange: (keys: string[]) => void;
  selected: readonly string[];
  onSelectedChange: (keys: string[]) => void;
}

const text = (v: unknown) => <EllipsisText text={v === undefined || v === null ? '' : String(v)} />;

/**
 * The menu tree as an expandable table (antd's tree data: the whole tree is on the client, so
 * expanding needs no call). Selection is per row: a checked menu does not check its children, the
 * server deletes them with it anyway.
 */
export function PermissionTable(p: Props) {
  const columns: TableColumnsType<PermissionNode> = [
    { title: '菜单名称', dataIndex: 'name', width: 220, render: text },
    {
      title: '菜单类型',
      dataIndex: 'menuType',
      width: 100,
      render: (_, node) => MENU_TYPE_TEXT[menuTypeOf(node)],
    },
    {
      title: '授权标识',
      dataIndex: 'perms',
      width: 200,
      // next to the type, so a button's code stays in view when the wide table scrolls; a menu's
      // own code (…:list) only opens it and is left out
      render: (v: unknown, node) => (isButton(node) ? text(v) : null),
    },
    {
      title: '图标',
      dataIndex: 'icon',
      width: 130,
      render: (icon: string | null) =>
        icon ? (
          <span style={{ whiteSpace: 'nowrap' }}>
            <MenuIcon name={icon} /> {icon}
          </span>
        ) : null,
    },
    { title: '组件', dataIndex: 'component', width: 220, render: text },
    { title: '路径', dataIndex: 'url', width: 220, render: text },
    {
      title: '排序',
      dataIndex: 'sortNo',
      width: 70,
      render: (v: unknown) => (v === null || v === undefined ? '' : Number(v)),
    },
    {
      title: '操作',
      key: 'action',
      fixed: 'right',
      render: (_, node) => <RowActions row={node as unknown as Row} actions={p.actions} />,
    },
  ];
  return (
    <Table<PermissionNode>
      rowKey="id"
      size="middle"
      columns={columns}
      dataSource={p.nodes}
      loading={p.loading}
      pagination={false}
      scroll={{ x: 'max-content' }}
      expandable={{
        expandedRowKeys: p.expanded as string[],
        onExpandedRowsChange: (keys) => p.onExpandedChange(keys.map(String)),
      }}
      rowSelection={{
        selectedRowKeys: p.selected as string[],
        onChange: (keys) => p.onSelectedChange(keys.map(String)),
        checkStrictly: true,
      }}
      locale={{ emptyText: '暂无数据' }}
    />
  );
}

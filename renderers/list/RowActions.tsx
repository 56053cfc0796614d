import { Button, Divider, Popconfirm } from 'antd';
import type { Row } from './columns';

export interface RowActionHandlers {
  canEdit: boolean;
  canDelete: boolean;
  onEdit: (row: Row) => void;
  onDetail: (row: Row) => void;
  onDelete: (row: Row) => Promise<void>;
}

/** the action column of a row: 编辑 | 详情 | 删除 (delete asks first) */
export function RowActions({ row, actions }: { row: Row; actions: RowActionHandlers }) {
  const items = [
    actions.canEdit && (
      <Button key="edit" type="link" size="small" onClick={() => actions.onEdit(row)}>
        编辑
      </Button>
    ),
    <Button key="detail" type="link" size="small" onClick={() => actions.onDetail(row)}>
      详情
    </Button>,
    actions.canDelete && (
      <Popconfirm key="delete" title="确定删除吗?" onConfirm={() => actions.onDelete(row)}>
        <Button type="link" size="small" danger>
          删除
        </Button>
      </Popconfirm>
    ),
  ].filter(Boolean);
  return (
    <span style={{ whiteSpace: 'nowrap' }}>
      {items.flatMap((item, i) => (i ? [<Divider key={`d${i}`} orientation="vertical" />, item] : [item]))}
    </span>
  );
}

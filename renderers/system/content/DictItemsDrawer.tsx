import { Drawer } from 'antd';
import { hasPermission } from '../../../src/core/permission';
import { reportThrown } from '../../common/failure';
import { useGrants } from '../../common/use-permissions';
import type { Row } from '../../list/columns';
import { DocumentList, type ListContext } from '../../list/ListPage';
import type { RowAction } from '../../list/RowActions';
import { providers } from '../../providers';

const ITEMS = 'sys_dict_item';
const ENABLED = '1';
const DISABLED = '0';

/** 启用 / 停用 of an item: a disabled item is no longer offered, but still names existing rows */
function statusActions({ list }: ListContext, mayEdit: boolean): RowAction[] {
  if (!mayEdit) return [];
  const setStatus = async (row: Row, status: string) => {
    try {
      const res = await providers().data.put('/sys/dictItem/edit', { id: row.id, status });
      if (res.success) {
        providers().notices.success(status === ENABLED ? '已启用' : '已停用');
        list.reload();
      } else providers().notices.warning(res.message);
    } catch (e) {
      reportThrown(e);
    }
  };
  return [
    {
      key: 'disable',
      label: '停用',
      confirm: '停用后表单中不再提供该项，确定停用吗?',
      visible: (row) => String(row.status) === ENABLED,
      run: (row) => setStatus(row, DISABLED),
    },
    {
      key: 'enable',
      label: '启用',
      visible: (row) => String(row.status) !== ENABLED,
      run: (row) => setStatus(row, ENABLED),
    },
  ];
}

interface Props {
  /** the dictionary whose items are shown; null while closed */
  dict: Row | null;
  onClose: () => void;
}

/**
 * 字典配置: one dictionary's items (the generic item list narrowed to the dictionary) in a drawer. The
 * form checks an item value within the dictionary as the user types (its unique rule's scope).
 */
export function DictItemsDrawer({ dict, onClose }: Props) {
  const grants = useGrants();
  const mayEdit = hasPermission(grants, 'system:dictItem:edit');
  return (
    <Drawer
      title={dict ? `字典配置：${String(dict.dictName)}（${String(dict.dictCode)}）` : '字典配置'}
      open={Boolean(dict)}
      size={960}
      onClose={onClose}
      destroyOnHidden
    >
      {dict && (
        <DocumentList
          nested
          code={ITEMS}
          fixed={{ dictId: dict.id }}
          rowActions={(ctx) => statusActions(ctx, mayEdit)}
        />
      )}
    </Drawer>
  );
}

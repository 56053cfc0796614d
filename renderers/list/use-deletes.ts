import type { Modal } from 'antd';
import { deleteAction } from '../../src/app/http/client';
import { notices } from '../../src/app/http/notices';
import { reportThrown } from '../common/failure';
import type { Row } from './columns';
import type { ListData } from './use-list-data';

type ModalApi = ReturnType<typeof Modal.useModal>[0];

/** spec 5.5: batch delete with nothing selected (kept verbatim) */
export const NOTHING_SELECTED = 'please select a record!';

export function selectedIds(selection: Record<string, boolean | undefined>): string[] {
  return Object.keys(selection).filter((id) => selection[id]);
}

/**
 * Single and batch delete. Success reloads on the last page that still exists; a failure warns
 * with the server message (spec 8).
 */
export function useDeletes(list: ListData, modal: ModalApi) {
  const run = async (call: Promise<{ success: boolean; message: string }>, count: number) => {
    try {
      const res = await call;
      if (res.success) {
        notices.success(res.message || '删除成功');
        list.afterDelete(count);
      } else notices.warning(res.message);
    } catch (e) {
      reportThrown(e);
    }
  };

  const deleteOne = (row: Row) => run(deleteAction(`${list.api}/delete`, { id: row.id }), 1);

  const deleteSelected = () => {
    const ids = selectedIds(list.selection);
    if (!ids.length) {
      notices.warning(NOTHING_SELECTED);
      return;
    }
    modal.confirm({
      title: '确认删除',
      content: `确定要删除这 ${ids.length} 项吗?`,
      okText: '确定',
      cancelText: '取消',
      onOk: () => run(deleteAction(`${list.api}/deleteBatch`, { ids: ids.join(',') }), ids.length),
    });
  };

  return { deleteOne, deleteSelected };
}

import type { Modal } from 'antd';
import { reportWrite } from '../common/failure';
import type { Row } from './columns';
import type { ListData } from './use-list-data';
import { providers } from '../providers';
import { recordsOf } from '../server/records';
import { t } from './messages';

export type ModalApi = ReturnType<typeof Modal.useModal>[0];

/** batch delete with nothing selected (kept verbatim) */
export const NOTHING_SELECTED = 'please select a record!';

export function selectedIds(selection: Record<string, boolean | undefined>): string[] {
  return Object.keys(selection).filter((id) => selection[id]);
}

/** asks before deleting the selected records; with none selected it only warns */
export function confirmBatchDelete(modal: ModalApi, ids: string[], remove: () => Promise<unknown>): void {
  if (!ids.length) {
    providers().notices.warning(NOTHING_SELECTED);
    return;
  }
  modal.confirm({
    title: t('confirmDeleteTitle'),
    content: t('confirmDeleteMany', { count: ids.length }),
    okText: t('ok'),
    cancelText: t('cancel'),
    onOk: remove,
  });
}

/** Single and batch delete. Success reloads on the last page that still exists. */
export function useDeletes(list: ListData, modal: ModalApi) {
  const run = async (call: Promise<{ success: boolean; message: string }>, count: number) => {
    if (await reportWrite(call, t('deleted'))) list.afterDelete(count);
  };

  const deleteOne = (row: Row) => run(recordsOf(list.api, list.endpoints).delete(row.id), 1);

  const deleteSelected = () => {
    const ids = selectedIds(list.selection);
    confirmBatchDelete(modal, ids, () =>
      run(recordsOf(list.api, list.endpoints).deleteMany(ids), ids.length),
    );
  };

  return { deleteOne, deleteSelected };
}

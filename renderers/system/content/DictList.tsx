import { useState } from 'react';
import { reloadDictionaries } from '../../common/dict';
import { useHoldsDocumentMenu } from '../../common/use-permissions';
import type { Row } from '../../list/columns';
import { DocumentList } from '../../list/ListPage';
import type { RendererProps } from '../../registry';
import { DictItemsDrawer } from './DictItemsDrawer';

/**
 * 数据字典: the generic list of sys_dict (刷新缓存 is its document's action) and a 字典配置 drawer
 * with each dictionary's items. Lists always show the server's current texts; this browser's stored
 * copy (used by forms and search boxes) is fetched again whenever the items drawer closes.
 */
export default function DictList({ code }: RendererProps) {
  const [open, setOpen] = useState<Row | null>(null);
  const mayOpenItems = useHoldsDocumentMenu('sys_dict_item');
  const close = () => {
    setOpen(null);
    // a failure leaves the stored copy; the next page load fetches it again
    void reloadDictionaries().catch(() => undefined);
  };
  return (
    <>
      <DocumentList
        code={code || 'sys_dict'}
        rowActions={() => (mayOpenItems ? [{ key: 'items', label: '字典配置', run: setOpen }] : [])}
      />
      <DictItemsDrawer dict={open} onClose={close} />
    </>
  );
}

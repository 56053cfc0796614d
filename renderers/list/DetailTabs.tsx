import { Empty, Tabs } from 'antd';
import type { EntityDocument } from '../../src/core/document/types';
import { useEntityDocument } from '../common/use-document';
import { holdsDocumentMenu } from '../common/use-permissions';
import { useSession } from '../providers';
import { DocumentList } from './ListPage';
import { t } from './messages';

/** a sub-table's tab title: its document's title once loaded (the code until then) */
export function ChildTitle({ code }: { code: string }) {
  const state = useEntityDocument(code);
  return <>{state.status === 'ready' ? state.doc.title : code}</>;
}

/**
 * One record's sub-tables (the document's `children`), a tab each: the child's own list limited to
 * the rows of this record, with its own search, add (the record filled in), edit, delete, import
 * and export under the child's grants. A sub-table the user may not list has no tab.
 */
export function DetailTabs({ doc, masterId }: { doc: EntityDocument; masterId: string }) {
  const { menu } = useSession();
  const readable = (doc.children ?? []).filter((c) => holdsDocumentMenu(menu, c.code));
  if (!readable.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noDetails')} />;
  return (
    <Tabs
      items={readable.map((c) => ({
        key: c.code,
        label: <ChildTitle code={c.code} />,
        children: <DocumentList code={c.code} fixed={{ [c.foreignKey]: masterId }} nested underMaster />,
      }))}
    />
  );
}

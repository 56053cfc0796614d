import { Empty } from 'antd';
import type { RendererProps } from '../registry';
import { DetailTabs } from './DetailTabs';
import { DocumentList, type ListExtensions } from './ListPage';
import { selectedIds } from './use-deletes';
import { t } from './messages';

/**
 * The ERP list: clicking a master row (or ticking just one) shows that record's
 * sub-tables in tabs under the list. Any screen built on the list can be an ERP list by passing
 * these extensions along with its own (生产工单 does).
 */
export const erpExtensions: Pick<ListExtensions, 'onRowClick' | 'below'> = {
  onRowClick: (row, { list }) => list.setSelection({ [row.id]: true }),
  below: ({ doc, list }) => {
    const chosen = selectedIds(list.selection);
    return (
      <div style={{ marginTop: 16 }}>
        {chosen.length === 1 ? (
          <DetailTabs key={chosen[0]} doc={doc} masterId={chosen[0]} />
        ) : (
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={
              chosen.length
                ? t('erpChosen', { count: chosen.length, title: doc.title })
                : t('erpPick', { title: doc.title })
            }
          />
        )}
      </div>
    );
  },
};

export default function ErpList({ code }: RendererProps) {
  return <DocumentList code={code} {...erpExtensions} />;
}

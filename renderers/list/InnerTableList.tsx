import { useState } from 'react';
import { Button } from 'antd';
import { MinusSquareOutlined, PlusSquareOutlined } from '@ant-design/icons';
import type { RendererProps } from '../registry';
import { DetailTabs } from './DetailTabs';
import { DocumentList } from './ListPage';
import { t } from './messages';

/** The inner-table list: a row's expand button opens its sub-tables under it, in place. */
export default function InnerTableList({ code }: RendererProps) {
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const toggle = (id: string) =>
    setOpen((o) => {
      const next = new Set(o);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  return (
    <DocumentList
      code={code}
      rowLead={(row) => (
        <Button
          type="text"
          size="small"
          aria-label={open.has(row.id) ? t('collapseDetails') : t('expandDetails')}
          aria-expanded={open.has(row.id)}
          icon={open.has(row.id) ? <MinusSquareOutlined /> : <PlusSquareOutlined />}
          onClick={() => toggle(row.id)}
        />
      )}
      rowUnder={(row, { doc }) => open.has(row.id) && <DetailTabs doc={doc} masterId={row.id} />}
    />
  );
}

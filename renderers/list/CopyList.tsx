import type { RendererProps } from '../registry';
import { copyOf } from './copy-row';
import { DocumentList } from './ListPage';
import { t } from './messages';

/** The copy list: the plain list with 复制 on each row, opening 新增 with the row's values. */
export default function CopyList({ code }: RendererProps) {
  return (
    <DocumentList
      code={code}
      rowActions={({ doc, grants, openForm }) =>
        grants.add ? [{ key: 'copy', label: t('copy'), run: (row) => openForm('add', copyOf(doc, row)) }] : []
      }
    />
  );
}

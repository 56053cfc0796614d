import { hasPermission } from '../../../src/core/permission';
import { reportWrite } from '../../common/failure';
import { useGrants } from '../../common/use-permissions';
import type { Row } from '../../list/columns';
import { DocumentList, type ListContext } from '../../list/ListPage';
import type { RowAction } from '../../list/RowActions';
import type { RendererProps } from '../../registry';
import { providers } from '../../providers';

const DRAFT = '0';
const RELEASED = '1';

const isDraft = (row: Row) => String(row.sendStatus) === DRAFT;

/**
 * 系统通告: the generic list of sys_announcement with 发布 on drafts (the recipients' open consoles
 * are told at once) and 撤销 on released ones; only drafts may be edited.
 */
export default function AnnouncementList({ code }: RendererProps) {
  const grants = useGrants();
  const prefix = 'system:announcement:';
  const mayRelease = hasPermission(grants, `${prefix}release`);
  const mayRevoke = hasPermission(grants, `${prefix}revoke`);

  const rowActions = ({ list }: ListContext): RowAction[] => {
    const call = async (url: string, row: Row) => {
      if (await reportWrite(providers().data.get(url, { id: row.id }))) list.reload();
    };
    return [
      ...(mayRelease
        ? [
            {
              key: 'release',
              label: '发布',
              confirm: '发布后接收人将立即收到通知，确定发布吗?',
              visible: isDraft,
              run: (row: Row) => call('/sys/annountCement/doReleaseData', row),
            },
          ]
        : []),
      ...(mayRevoke
        ? [
            {
              key: 'revoke',
              label: '撤销',
              confirm: '撤销后接收人将不再看到该通告，确定撤销吗?',
              visible: (row: Row) => String(row.sendStatus) === RELEASED,
              run: (row: Row) => call('/sys/annountCement/doReovkeData', row),
            },
          ]
        : []),
    ];
  };

  return <DocumentList code={code || 'sys_announcement'} rowActions={rowActions} rowEditable={isDraft} />;
}

import { FilterOutlined } from '@ant-design/icons';
import { lazy, Suspense, useState } from 'react';
import { Button, Space, Tooltip, Typography } from 'antd';
import type { EntityDocument } from '../../src/core/document/types';
import type { AdvancedQuery } from '../../src/core/query/advanced';
import { t } from './messages';

// the modal (its rows, pickers and saved queries) loads when first opened, not with the list
const AdvancedQueryModal = lazy(() =>
  import('./AdvancedQueryModal').then((m) => ({ default: m.AdvancedQueryModal })),
);

interface Props {
  doc: EntityDocument;
  active?: AdvancedQuery;
  onApply: (query: AdvancedQuery | undefined) => void;
}

/**
 * 高级查询 in a list's toolbar. While a query is in force the button says so in a tooltip with a
 * 清空 link that clears it. Each opening starts from the query in force (or one blank row).
 */
export function AdvancedQueryButton({ doc, active, onApply }: Props) {
  const [opening, setOpening] = useState(0);
  const [open, setOpen] = useState(false);
  const button = (
    <Button
      icon={<FilterOutlined />}
      type={active ? 'primary' : 'default'}
      ghost={Boolean(active)}
      onClick={() => {
        setOpening((n) => n + 1);
        setOpen(true);
      }}
    >
      {t('advancedQuery')}
    </Button>
  );
  return (
    <>
      {active ? (
        <Tooltip
          title={
            <Space>
              <span>{t('inForce')}</span>
              <Typography.Link onClick={() => onApply(undefined)}>{t('clear')}</Typography.Link>
            </Space>
          }
        >
          {button}
        </Tooltip>
      ) : (
        button
      )}
      <Suspense fallback={null}>
        {opening > 0 && (
          <AdvancedQueryModal
            key={opening}
            doc={doc}
            open={open}
            active={active}
            onClose={() => setOpen(false)}
            onApply={onApply}
          />
        )}
      </Suspense>
    </>
  );
}

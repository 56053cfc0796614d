import type { ReactNode } from 'react';
import { Button } from 'antd';
import { LazyResult } from '../../../renderers/common/LazyResult';
import { ErrorBoundary } from '../../../renderers/common/ErrorBoundary';
import { t } from '../i18n/i18n';

/**
 * A routed page that fails while rendering (a broken renderer, a chunk that will not load) shows
 * what failed and where, inside its own tab; the shell, the menu and the other tabs keep working.
 * `fullPath` is the page's address: for an online list it names the document.
 */
export function PageBoundary({ fullPath, children }: { fullPath: string; children: ReactNode }) {
  return (
    <ErrorBoundary
      fallback={(error, retry) => (
        <LazyResult
          status="error"
          title={t('tabs.pageFailed')}
          subTitle={`${fullPath}：${error.message}`}
          extra={
            <Button type="primary" onClick={retry}>
              {t('tabs.retry')}
            </Button>
          }
        />
      )}
    >
      {children}
    </ErrorBoundary>
  );
}

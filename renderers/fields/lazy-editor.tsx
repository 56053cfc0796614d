import type { WidgetProps } from '@rjsf/utils';
import { Skeleton } from 'antd';
import { lazy, Suspense, type ComponentType } from 'react';
import { t } from './messages';

/**
 * A heavy editor (markdown, rich text, code) as a form widget that loads its module when a form
 * first draws it, so a list page's first visit carries none of it (npm run bench:web). A failed
 * load reaches the field's error boundary like any other failure of the field.
 */
export function lazyEditor(
  load: () => Promise<{ default: ComponentType<WidgetProps> }>,
): ComponentType<WidgetProps> {
  const Editor = lazy(load);
  return function LazyEditor(props: WidgetProps) {
    return (
      <Suspense fallback={<Skeleton active paragraph={{ rows: 4 }} aria-label={t('editorLoading')} />}>
        <Editor {...props} />
      </Suspense>
    );
  };
}

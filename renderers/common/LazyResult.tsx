import { lazy, Suspense } from 'react';
import type { ResultProps } from 'antd';

const Result = lazy(() => import('antd/es/result'));

/**
 * antd's Result, loaded when a failure is first shown: its module carries the 403/404/500 pictures
 * (a tenth of a list page's first visit), and a screen that works never shows one.
 */
export function LazyResult(props: ResultProps) {
  return (
    <Suspense fallback={null}>
      <Result {...props} />
    </Suspense>
  );
}

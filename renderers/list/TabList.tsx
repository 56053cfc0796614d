import { lazy } from 'react';
import type { RendererProps } from '../registry';
import { DocumentList } from './ListPage';

// the grid and its editors load with the first opened form, not with the list
const TabFormModal = lazy(() => import('../grid/TabFormModal'));

/**
 * The tab list: the generic list whose 新增 / 编辑 / 详情 open a form with the master's
 * fields on the first tab and an editable grid per sub-table, saved together.
 */
export default function TabList({ code }: RendererProps) {
  return <DocumentList code={code} formModal={TabFormModal} />;
}

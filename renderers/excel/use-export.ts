import { useState } from 'react';
import type { message } from 'antd';
import { HttpFailure, providers } from '../providers';

type MessageInstance = ReturnType<typeof message.useMessage>[0];

export interface ExportRequest {
  /** the applied filters and sort of the list */
  queryParams: Record<string, string>;
  /** ids of the selected rows; when any, only they are exported */
  selectedIds: string[];
}

/** the exportXls parameters (spec 7.5): selections when rows are selected, else the list's filters */
export function exportParams({ queryParams, selectedIds }: ExportRequest): Record<string, string> {
  const { column, order } = queryParams;
  const base: Record<string, string> = selectedIds.length
    ? { column, order, selections: selectedIds.join(',') }
    : { ...queryParams };
  return { ...base, exportType: 'xls' };
}

/**
 * 导出: downloads `<title>.xls` from `url` (a list's or a report's exportXls), showing the download's
 * progress in a message that lasts until done
 */
export function useExport(doc: { code: string; title: string }, url: string, messages: MessageInstance) {
  const [exporting, setExporting] = useState(false);
  const key = `export-${doc.code}`;
  const show = (percent: number) =>
    messages.open({ key, type: 'loading', content: `正在导出 ${doc.title} ${percent}%`, duration: 0 });

  const run = async (req: ExportRequest) => {
    setExporting(true);
    show(0);
    try {
      await providers().data.download(url, exportParams(req), `${doc.title}.xls`, show);
    } catch (e) {
      // HTTP failures were reported by the client; a JSON answer instead of a file arrives here
      if (!(e instanceof HttpFailure))
        providers().notices.warning(e instanceof Error ? e.message : '文件下载失败');
    } finally {
      messages.destroy(key);
      setExporting(false);
    }
  };
  return { exporting, run };
}

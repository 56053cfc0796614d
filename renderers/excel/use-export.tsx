import { useState } from 'react';
import { Button, notification, Progress } from 'antd';
import { EXPORT_HEADERS, sheetDataRows, type ExportFormat, type ExportRun } from '../../src/core/exports';
import { HttpFailure, providers, type DownloadProgress } from '../providers';
import { newJobId } from './job-id';
import { t } from './messages';
import { exportProgress } from '../server/system';

/** how often the notice asks the server how far the export is */
const POLL_MS = 500;

export interface ExportRequest {
  /** the applied filters and sort of the list */
  queryParams: Record<string, string>;
  /** ids of the selected rows; when any, only they are exported */
  selectedIds: string[];
  /** the rows the list holds in all */
  total: number;
  /** the format chosen on the export button's menu (else see exportFormatFor) */
  format?: ExportFormat;
}

/**
 * The format the user chose on the export button's menu; without a choice .xls, as the spec has it,
 * unless the rows would not fit in one: then the streamed .xlsx
 */
export function exportFormatFor({ selectedIds, total, format }: ExportRequest): ExportFormat {
  if (format) return format;
  return (selectedIds.length || total) > sheetDataRows('xls') ? 'xlsx' : 'xls';
}

/** the exportXls parameters: selections when rows are selected, else the list's filters */
export function exportParams(req: ExportRequest): Record<string, string> {
  const { column, order } = req.queryParams;
  const base: Record<string, string> = req.selectedIds.length
    ? { column, order, selections: req.selectedIds.join(',') }
    : { ...req.queryParams };
  return { ...base, exportType: exportFormatFor(req) };
}

/** the file's name without its extension where the caller has no title */
const EXPORT_NAME = 'export file';

/** a failed download: HTTP failures were reported by the client; a JSON answer instead of a file arrives here */
function reportDownload(e: unknown) {
  if (!(e instanceof HttpFailure))
    providers().notices.warning(e instanceof Error ? e.message : t('downloadFailed'));
}

/**
 * 下载模板: `<url>` (a list's exportXls) with `templateParams` (default type=template: the
 * import template, server src/server/crud/excel.ts), saved as `<title>模板.xls`.
 */
export async function downloadTemplate(
  url: string,
  title = 'template file',
  templateParams: Record<string, string> = { type: 'template' },
): Promise<void> {
  await providers()
    .data.download(url, templateParams, t('templateFileName', { title }))
    .catch(reportDownload);
}

/** 导出附件: the selected rows' files of the file or image field `type`, as `<title>_<field title>.zip` */
export async function downloadAttachments(
  url: string,
  ids: string[],
  field: { key: string; title: string },
  title = EXPORT_NAME,
): Promise<void> {
  await providers()
    .data.download(url, { ids: ids.join(','), type: field.key }, `${title}_${field.title}.zip`)
    .catch(reportDownload);
}

/** where a download is: rows written of the file's rows (the server's word), bytes received */
export interface ExportShown {
  run?: ExportRun;
  bytes: DownloadProgress;
}

/**
 * The bar: rows written of the file's rows while the server writes them (an .xlsx streams them, an
 * .xls is sent once written), else the bytes of an answer of known length; short of 100 until done.
 */
export function exportPercent({ run, bytes }: ExportShown): number {
  const share = run
    ? run.total
      ? run.rows / run.total
      : 1
    : bytes.totalBytes
      ? bytes.bytes / bytes.totalBytes
      : 0;
  return Math.min(99, Math.floor(share * 100));
}

export function exportText({ run, bytes }: ExportShown): string {
  const received = t('received', { mb: (bytes.bytes / 1024 / 1024).toFixed(1) });
  return run ? t('written', { rows: run.rows, total: run.total, received }) : received;
}

/**
 * 导出: downloads `<title>.xls` (or .xlsx, see exportFormatFor) from `url` (a list's or a report's
 * exportXls), showing in a notice how far it is (rows written, bytes received) until it is done, with
 * 取消 to stop it (the server then stops reading rows). Render `holder` where the notice may appear.
 */
export function useExport(doc: { code: string; title?: string }, url: string) {
  const title = doc.title || EXPORT_NAME;
  const [exporting, setExporting] = useState(false);
  const [notices, holder] = notification.useNotification();
  const key = `export-${doc.code}`;

  const run = async (req: ExportRequest) => {
    const format = exportFormatFor(req);
    const exportId = newJobId();
    const stop = new AbortController();
    const shown: ExportShown = { bytes: { bytes: 0 } };
    let more: string | null = null;
    let open = true;
    const show = () =>
      open &&
      notices.open({
        key,
        title: t('exporting', { title }),
        description: (
          <div data-testid="export-progress">
            <Progress percent={exportPercent(shown)} size="small" status="active" />
            <div>{exportText(shown)}</div>
          </div>
        ),
        actions: (
          <Button size="small" onClick={() => stop.abort()}>
            {t('cancel')}
          </Button>
        ),
        duration: 0,
        closable: false,
      });
    const poll = window.setInterval(() => {
      exportProgress<ExportRun | null>(exportId)
        .then((res) => {
          // another instance may answer, knowing nothing of it: keep what was shown
          if (res.success && res.result) {
            shown.run = res.result;
            show();
          }
        })
        .catch(() => undefined);
    }, POLL_MS);
    setExporting(true);
    show();
    try {
      await providers().data.download(url, { ...exportParams(req), exportId }, `${title}.${format}`, {
        signal: stop.signal,
        onHeaders: (headers) => {
          if (headers.get(EXPORT_HEADERS.more) === 'true') more = headers.get(EXPORT_HEADERS.total);
        },
        onProgress: (bytes) => {
          shown.bytes = bytes;
          show();
        },
      });
      if (more) providers().notices.warning(t('exportCapped', { count: more }));
    } catch (e) {
      if (stop.signal.aborted) providers().notices.success(t('exportCancelled'));
      else reportDownload(e);
    } finally {
      open = false;
      window.clearInterval(poll);
      notices.destroy(key);
      setExporting(false);
    }
  };
  return { exporting, run, holder };
}

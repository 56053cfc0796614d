import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { text } from '../http/params';
import { writeExport, type ExportSheet } from './export';
import { EXPORT_HEADERS, sheetDataRows, type ExportFormat } from '../../core/exports';
import { exportIdOf } from './progress';

/** the most data rows an export writes to a sheet (and the .xls format holds fewer) */
export const EXPORT_MAX_ROWS = 100_000;

/** exportType=xlsx, else the .xls the spec defaults to */
export function exportFormat(params: unknown): ExportFormat {
  return text(params, 'exportType', { max: 4 }) === 'xlsx' ? 'xlsx' : 'xls';
}

/** the most data rows the first sheet of an export of `format` takes */
export function exportRowLimit(format: ExportFormat): number {
  return Math.min(EXPORT_MAX_ROWS, sheetDataRows(format));
}

export function contentDisposition(name: string): string {
  return `attachment; filename="export.${name.split('.').pop()}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

export interface ExportAnswer {
  format: ExportFormat;
  /** the file's name without its extension */
  title: string;
  /** the first sheet's rows are the ones counted: `count` of them, and `more` when more matched */
  sheets: [ExportSheet, ...ExportSheet[]];
  count: number;
  more: boolean;
  /** what the log says when the export fails */
  what: Record<string, unknown>;
  /** an import template (export.ts headerOnly) */
  headerOnly?: boolean;
}

/**
 * Takes a reply over to stream a file into it: the headers set so far go out with status 200, and
 * `gone` is aborted when the reader goes away before the end (the writer then stops reading rows).
 */
export function streamReply(reply: FastifyReply): { raw: FastifyReply['raw']; gone: AbortSignal } {
  const raw = reply.raw;
  for (const [k, v] of Object.entries(reply.getHeaders())) raw.setHeader(k, v as string);
  raw.statusCode = 200;
  reply.hijack();
  const gone = new AbortController();
  raw.once('close', () => raw.writableFinished || gone.abort());
  return { raw, gone: gone.signal };
}

/**
 * Answers a list's or a report's export: the rows the first sheet holds in X-Total-Count (and
 * X-More-Rows: true when more matched than it takes) before the first byte, then the file as it is
 * written; its progress followed under the request's exportId (progress.ts). A reader that goes
 * away stops the export: no further row is read.
 */
export async function answerExport(
  ctx: AppContext,
  req: FastifyRequest,
  reply: FastifyReply,
  a: ExportAnswer,
): Promise<void> {
  const progress = ctx.exports.start(req.user!.id, exportIdOf(req.query), a.count);
  reply.header(
    'content-type',
    a.format === 'xlsx'
      ? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
      : 'application/vnd.ms-excel',
  );
  reply.header('content-disposition', contentDisposition(`${a.title}.${a.format}`));
  reply.header(EXPORT_HEADERS.total, String(a.count));
  if (a.more) reply.header(EXPORT_HEADERS.more, 'true');
  const { raw, gone } = streamReply(reply);
  const [first, ...rest] = a.sheets;
  const counted = (async function* () {
    for await (const row of first.rows) {
      yield row;
      // after the yield: the writer took the row
      progress.row();
    }
  })();
  try {
    await writeExport({
      format: a.format,
      exporter: req.user!.realname,
      sheets: [{ ...first, rows: counted }, ...rest],
      out: raw,
      signal: gone,
      headerOnly: a.headerOnly,
    });
    progress.end('done');
  } catch (e) {
    progress.end('failed');
    if (gone.aborted) ctx.log.info(a.what, 'export stopped: the reader went away');
    else ctx.log.error({ ...a.what, err: e }, 'export failed');
    raw.destroy();
  }
}

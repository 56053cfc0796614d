import type { AppContext } from '../context';
import type { EntityDocument } from '../../core/document/types';

/** the bus topic of the editable table's live socket (socket/vxe.ts sends it on to the consoles) */
export const ROW_NEWS = 'vxe';

/** rows of a document saved or deleted, for the consoles showing it (through the database) */
export interface RowNews {
  socketKey: string;
  ids: string[];
  /** the table instance that saved them ('' when the server announces them itself) */
  caseId: string;
  tenantId: string;
  deleted?: true;
}

/** ids per bus message: 100 ids of up to 64 characters stay under PostgreSQL's NOTIFY limit */
const IDS_PER_MESSAGE = 100;

/**
 * Tells the consoles of the tenant that may list the document that rows were saved (a master's
 * sub-table rows, whose new ids the saving console never learns) or deleted. Sent through the
 * request's database scope: inside its transaction it is delivered only if the write commits.
 */
export async function announceRows(
  ctx: AppContext,
  doc: EntityDocument,
  ids: string[],
  tenantId: string,
  deleted: boolean,
): Promise<void> {
  for (let i = 0; i < ids.length; i += IDS_PER_MESSAGE) {
    const news: RowNews = {
      socketKey: doc.code,
      ids: ids.slice(i, i + IDS_PER_MESSAGE),
      caseId: '',
      tenantId,
      ...(deleted ? { deleted: true as const } : {}),
    };
    await ctx.bus.publish(ctx.db, ROW_NEWS, news);
  }
}

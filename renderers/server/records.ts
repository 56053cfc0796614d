import { endpointPath, writePath } from '../../src/core/document/model';
import type { EntityDocument } from '../../src/core/document/types';
import type { Page } from '../../src/core/wire';
import { providers, type CallOptions, type Params } from '../providers';

/**
 * An entity document's records on the wire, by the document's API path (src/core/document/model.ts
 * apiBase: its `api`, else one derived from its code), in the shape of react-admin's dataProvider.
 * The routes are src/server/crud/routes.ts and their neighbours (details.ts, excel.ts,
 * src/server/imports/routes.ts); renderers call these instead of writing their addresses.
 */
export function recordsOf(api: string, endpoints?: EntityDocument['endpoints']) {
  const data = () => providers().data;
  // the list and the writes where the document names routes of their own (endpoints)
  const doc = { endpoints };
  return {
    /** a page of records */
    list: <T>(params: Params, options?: CallOptions) =>
      data().get<Page<T>>(endpointPath(api, endpoints?.list ?? 'list'), params, options),
    /** a save with the master's sub-table rows goes to the WithDetails route */
    create: <T>(body: unknown, withDetails = false) =>
      data().post<T>(withDetails ? `${api}/addWithDetails` : writePath(doc, api, 'add'), body),
    update: <T>(body: unknown, withDetails = false) =>
      data().put<T>(withDetails ? `${api}/editWithDetails` : writePath(doc, api, 'edit'), body),
    delete: (id: string) => data().delete(writePath(doc, api, 'delete'), { id }),
    deleteMany: (ids: string[]) => data().delete(writePath(doc, api, 'deleteBatch'), { ids: ids.join(',') }),
    /** the children of a tree node, on the route the document names (endpoints.tree); without a node, the whole tree */
    treeChildren: <T>(endpoint: string, pid?: string) =>
      data().get<T>(`${api}/${endpoint}`, pid === undefined ? undefined : { pid }),
    /** every sub-table's rows of one master, by sub-table code */
    details: <T>(id: Params[string]) => data().get<T>(`${api}/queryDetails`, { id }),
    /** a sub-table's rows under one master (and, in a tree sub-table, one parent row) */
    detailChildren: <T>(params: Params) => data().get<T>(`${api}/queryDetailChildren`, params),
    importFile: <T>(form: FormData, onProgress?: (percent: number) => void) =>
      data().upload<T>(`${api}/importExcel`, form, onProgress),
    importJob: <T>(id: string) => data().get<T>(`${api}/importJob`, { id }),
    /** the user's latest imports into the document */
    importJobs: <T>(params: Params) => data().get<Page<T>>(`${api}/importJobs`, params),
    /** the spreadsheet export (and, with type=template, the import template): an address to download */
    exportXls: `${api}/exportXls`,
    /** the attachments of selected rows as one zip: an address to download */
    exportZip: `${api}/exportZip`,
  };
}

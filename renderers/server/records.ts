import type { Page } from '../../src/core/wire';
import { providers, type CallOptions, type Params } from '../providers';

/**
 * An entity document's records on the wire, by the document's API path (src/core/document/model.ts
 * apiBase: its `api`, else one derived from its code), in the shape of react-admin's dataProvider.
 * The routes are src/server/crud/routes.ts and their neighbours (details.ts, excel.ts,
 * src/server/imports/routes.ts); renderers call these instead of writing their addresses.
 */
export function recordsOf(api: string) {
  const data = () => providers().data;
  return {
    /** a page of records; `endpoint` where the document names its own (endpoints.list) */
    list: <T>(params: Params, options?: CallOptions, endpoint = 'list') =>
      data().get<Page<T>>(`${api}/${endpoint}`, params, options),
    /** a save with the master's sub-table rows goes to the WithDetails route */
    create: <T>(body: unknown, withDetails = false) =>
      data().post<T>(`${api}/add${withDetails ? 'WithDetails' : ''}`, body),
    update: <T>(body: unknown, withDetails = false) =>
      data().put<T>(`${api}/edit${withDetails ? 'WithDetails' : ''}`, body),
    delete: (id: string) => data().delete(`${api}/delete`, { id }),
    deleteMany: (ids: string[]) => data().delete(`${api}/deleteBatch`, { ids: ids.join(',') }),
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

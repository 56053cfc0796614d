import { EXPORT_PROGRESS_URL } from '../../src/core/exports';
import type { Page } from '../../src/core/wire';
import { providers, type Params } from '../providers';

/**
 * The server's system calls renderers make that are not a document's records (those are records.ts
 * and reports.ts): documents, dictionaries, pickers' lookups, field checks, uploads, saved queries.
 * One named method per route, so no component writes an address.
 */
const data = () => providers().data;
const seg = encodeURIComponent;

/** the document of a code, as the browser may read it */
export const loadDocument = <T>(code: string) => data().get<T>(`/online/cgform/api/document/${seg(code)}`);

export const dictionaries = {
  /** every system dictionary's items at once (kept in local storage) */
  all: <T>() => data().get<T>('/sys/dict/queryAllDictItems'),
  items: <T>(code: string) => data().get<T>(`/sys/dict/getDictItems/${seg(code)}`),
  /** a table dictionary's options matching a keyword */
  search: <T>(code: string, keyword: string, pageSize: number) =>
    data().get<T>(`/sys/dict/loadDict/${seg(code)}`, { keyword, pageSize }),
  /** the texts of stored values of a table dictionary */
  texts: <T>(code: string, values: string[]) =>
    data().get<T>(`/sys/dict/loadDictItem/${seg(code)}`, { key: values.join(','), delNotExist: 'false' }),
  /** one level of a table-dictionary tree */
  treeLevel: <T>(params: Params) => data().get<T>('/sys/dict/loadTreeData', params),
};

/** the columns a data rule on a menu may name (a document's fields or a report's columns) */
export const ruleColumns = <T>(permissionId: string) =>
  data().get<T>('/sys/permission/ruleColumns', { permissionId });

export const areas = {
  children: <T>(pid: string) => data().get<T>('/sys/area/children', { pid }),
};

export const departs = {
  tree: <T>() => data().get<T>('/sys/sysDepart/queryIdTree'),
  search: <T>(keyWord: string) => data().get<T>('/sys/sysDepart/searchBy', { keyWord }),
  byIds: <T>(ids: string[]) => data().get<T>('/sys/sysDepart/queryDepartTreeSync', { ids: ids.join(',') }),
};

export const users = {
  page: <T>(query: Params) => data().get<Page<T>>('/sys/user/queryUserComponentData', query),
  byIds: <T>(ids: string[]) => data().get<T>('/sys/user/queryByIds', { userIds: ids.join(',') }),
};

export const checks = {
  /** a value against a check rule; the server decodes the value once more, so it travels encoded */
  rule: (ruleCode: string, value: string) =>
    data().get('/sys/checkRule/checkByCode', { ruleCode, value: encodeURIComponent(value) }),
  /** whether a value is already taken in a table (within a scope's values) */
  duplicate: (params: Params) => data().get('/sys/duplicate/check', params),
};

export const uploads = {
  /** an image or file of the older fields: answers its stored path */
  common: (form: FormData, onProgress?: (percent: number) => void) =>
    data().upload<string>('/sys/common/upload', form, onProgress),
  /** the file objects of file fields */
  files: <T>(form: FormData, onProgress?: (percent: number) => void) =>
    data().upload<T>('/file/upload', form, onProgress),
  /** a stored upload saved as a file */
  download: (path: string, fileName: string) => data().download(`sys/common/static/${path}`, {}, fileName),
};

/** how far a running export is */
export const exportProgress = <T>(id: string) => data().get<T>(EXPORT_PROGRESS_URL, { id });

export const savedQueries = {
  list: <T>(code: string) => data().get<T>('/sys/savedQuery/list', { code }),
  save: (body: Record<string, unknown>) => data().post<string>('/sys/savedQuery/save', body),
  delete: (id: string) => data().delete('/sys/savedQuery/delete', { id }),
  share: (id: string, roleIds: string[]) =>
    data().post('/sys/savedQuery/share', { id, roleIds: roleIds.join(',') }),
  roles: <T>() => data().get<T>('/sys/savedQuery/roles'),
};

import type { Page } from '../../src/core/wire';
import { camelCase } from '../../src/core/document/model';
import type { FieldDoc, RecordPickerName } from '../../src/core/document/types';
import { reportReadFailure } from '../common/failure';
import type { Row } from '../list/columns';
import { providers } from '../providers';

/** what the one record-selection modal needs to pick from one kind of record */
export interface RecordPickerConfig {
  title: string;
  /** the generic list of the records' document */
  url: string;
  columns: { key: string; title: string }[];
  /** the search box looks for its words in any of these fields */
  searchFields: string[];
  searchPlaceholder: string;
  /** the record property that names a chosen item */
  labelKey: string;
}

/** the record pickers a field may name in its `picker` property (spec 2.7 record-selection modal) */
export const RECORD_PICKERS: Record<RecordPickerName, RecordPickerConfig> = {
  role: {
    title: '选择角色',
    url: '/sys/role/list',
    columns: [
      { key: 'roleCode', title: '角色编码' },
      { key: 'roleName', title: '角色名称' },
    ],
    searchFields: ['roleCode', 'roleName'],
    searchPlaceholder: '请输入角色编码或名称',
    labelKey: 'roleName',
  },
  position: {
    title: '选择岗位',
    url: '/sys/position/list',
    columns: [
      { key: 'code', title: '职务编码' },
      { key: 'name', title: '职务名称' },
      { key: 'rank_dictText', title: '职级' },
    ],
    searchFields: ['code', 'name'],
    searchPlaceholder: '请输入职务编码或名称',
    labelKey: 'name',
  },
};

/** the record property a picker field stores: its dictionary's code column, else the id */
export function valueKeyOf(field: FieldDoc): string {
  return field.dict ? camelCase(field.dict.code) : 'id';
}

/** the list parameters of a search: the words in any of the searched fields (an OR advanced query) */
export function searchParams(config: RecordPickerConfig, words: string): Record<string, string> {
  const val = words.trim();
  if (!val) return {};
  return {
    superQueryParams: JSON.stringify(config.searchFields.map((field) => ({ field, rule: 'like', val }))),
    superQueryMatchType: 'or',
  };
}

/** one page of records for the picker; null when the server refused (already reported) */
export async function pageRecords(
  config: RecordPickerConfig,
  q: { pageNo: number; pageSize: number; words: string },
): Promise<Page<Row> | null> {
  const res = await providers().data.get<Page<Row>>(config.url, {
    pageNo: q.pageNo,
    pageSize: q.pageSize,
    ...searchParams(config, q.words),
  });
  if (res.success) return res.result;
  reportReadFailure(res);
  return null;
}

/** value → name of the given records (a trailing comma makes the list filter an IN even for one value) */
export async function recordNames(field: FieldDoc, values: string[]): Promise<Map<string, string>> {
  const config = RECORD_PICKERS[field.picker!];
  const key = valueKeyOf(field);
  const res = await providers().data.get<Page<Row>>(config.url, {
    [key]: `${values.join(',')},`,
    pageSize: values.length,
  });
  return new Map(
    res.success ? res.result.records.map((r) => [String(r[key]), String(r[config.labelKey] ?? r[key])]) : [],
  );
}

import type { Page } from '../../src/core/wire';
import { useEffect, useState } from 'react';
import { reportThrown } from '../common/failure';
import { apiBase } from '../../src/core/document/model';
import type { EntityDocument, FieldDoc } from '../../src/core/document/types';
import { fieldType } from '../../src/core/fields/registry';
import { reportReadFailure } from '../common/failure';
import { listColumns, type ColumnSpec, type Row } from '../list/columns';
import { loadDocument } from '../server/system';
import { recordsOf } from '../server/records';
import { t } from './messages';

/**
 * What the business picker ('{name}选择') shows for a field with a popupCode, all of it
 * read off the popup document: its title, its listed fields as columns, its searched text fields
 * as the search box's, its list as the records. A later popup kind (an online report) gives the
 * same view from the report's columns and query items.
 */
export interface PopupView {
  title: string;
  /** the popup document's API path (its records: renderers/server/records.ts) */
  api: string;
  columns: ColumnSpec[];
  /** the search box looks for its words in any of these fields */
  searchFields: string[];
  searchPlaceholder: string;
  /** the record property the field stores, and the one that names a chosen record */
  valueKey: string;
  labelKey: string;
}

/** one request per popup document while the page lives: every picker of the same document shares it */
const documents = new Map<string, Promise<EntityDocument | null>>();

/** the popup document a field names; null when the server refused it (already reported) */
export function popupDocument(code: string): Promise<EntityDocument | null> {
  if (!documents.has(code))
    documents.set(
      code,
      loadDocument<EntityDocument>(code).then((res) => {
        if (res.success) return res.result;
        documents.delete(code);
        reportReadFailure(res);
        return null;
      }),
    );
  return documents.get(code)!;
}

/** a picker's popup document once loaded; a refusal (already reported) calls onRefused, which closes it */
export function usePopupDocument(code: string, onRefused: () => void): EntityDocument | null {
  const [doc, setDoc] = useState<EntityDocument | null>(null);
  useEffect(() => {
    let live = true;
    popupDocument(code)
      .then((d) => live && (d ? setDoc(d) : onRefused()))
      .catch(reportThrown);
    return () => {
      live = false;
    };
  }, [code, onRefused]);
  return doc;
}

/** the picker a field's popup document makes */
export function popupView(doc: EntityDocument, field: FieldDoc): PopupView {
  const columns = listColumns(doc);
  const searched = doc.fields.filter((f) => f.query && fieldType(f).search.includes('like'));
  return {
    title: t('popupTitle', { title: doc.title }),
    api: apiBase(doc),
    columns,
    searchFields: searched.map((f) => f.key),
    searchPlaceholder: t('enterAny', { fields: searched.map((f) => f.title).join(t('or')) }),
    valueKey: field.popupValue ?? 'id',
    labelKey: field.popupText ?? columns[0]?.key ?? 'id',
  };
}

/** the list parameters of a search: the words in any of the searched fields (an OR advanced query) */
export function searchParams(view: PopupView, words: string): Record<string, string> {
  const val = words.trim();
  if (!val || !view.searchFields.length) return {};
  return {
    superQueryParams: JSON.stringify(view.searchFields.map((field) => ({ field, rule: 'like', val }))),
    superQueryMatchType: 'or',
  };
}

/** one page of records for the picker; null when the server refused (already reported) */
export async function pageRecords(
  view: PopupView,
  q: { pageNo: number; pageSize: number; words: string },
): Promise<Page<Row> | null> {
  const res = await recordsOf(view.api).list<Row>({
    pageNo: q.pageNo,
    pageSize: q.pageSize,
    ...searchParams(view, q.words),
  });
  if (res.success) return res.result;
  reportReadFailure(res);
  return null;
}

/** value → name of the given records (a trailing comma makes the list filter an IN even for one value) */
export async function popupNames(field: FieldDoc, values: string[]): Promise<Map<string, string>> {
  const doc = await popupDocument(field.popupCode!);
  if (!doc) return new Map();
  const view = popupView(doc, field);
  const res = await recordsOf(view.api).list<Row>({
    [view.valueKey]: `${values.join(',')},`,
    pageSize: values.length,
  });
  return new Map(
    res.success
      ? res.result.records.map((r) => [
          String(r[view.valueKey]),
          String(r[view.labelKey] ?? r[view.valueKey]),
        ])
      : [],
  );
}

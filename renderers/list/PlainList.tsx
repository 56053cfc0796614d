import { useMemo, useState } from 'react';
import { Card, message, Modal, Result, Skeleton } from 'antd';
import type { EntityDocument } from '../../src/core/document/types';
import { ImportModal } from '../excel/ImportModal';
import { useExport } from '../excel/use-export';
import { EntityFormModal } from '../form/EntityFormModal';
import type { FormMode } from '../form/schema';
import type { RendererProps } from '../registry';
import { useEntityDocument } from '../common/use-document';
import { useActionGrants } from '../common/use-permissions';
import { listColumns, type Row } from './columns';
import { ListTable } from './ListTable';
import { SearchForm } from './SearchForm';
import { Toolbar } from './Toolbar';
import { selectedIds, useDeletes } from './use-deletes';
import { useListData } from './use-list-data';

interface FormState {
  mode: FormMode;
  record?: Row;
  open: boolean;
  /** a new number per opening, so each opening starts from a fresh form */
  seq: number;
}

/** The plain online list of one entity document (spec 4 "List page"): search, toolbar, table, paging, forms. */
export default function PlainList({ code }: RendererProps) {
  const state = useEntityDocument(code);
  if (state.status === 'loading') return <Skeleton active style={{ padding: 24 }} />;
  if (state.status === 'failed') return <Result status="error" title="加载失败" subTitle={state.message} />;
  return <ListPage key={state.doc.code} doc={state.doc} />;
}

function ListPage({ doc }: { doc: EntityDocument }) {
  const list = useListData(doc);
  const grants = useActionGrants(doc.permission);
  const specs = useMemo(() => listColumns(doc), [doc]);
  const [modal, modalHolder] = Modal.useModal();
  const [messages, messageHolder] = message.useMessage();
  const { deleteOne, deleteSelected } = useDeletes(list, modal);
  const exporter = useExport(doc, list.api, messages);
  const [form, setForm] = useState<FormState>({ mode: 'add', open: false, seq: 0 });
  const [importing, setImporting] = useState(false);

  const openForm = (mode: FormMode, record?: Row) =>
    setForm((f) => ({ mode, record, open: true, seq: f.seq + 1 }));
  const closeForm = () => setForm((f) => ({ ...f, open: false }));
  const selected = selectedIds(list.selection);

  return (
    <Card variant="borderless">
      {modalHolder}
      {messageHolder}
      <SearchForm doc={doc} onSearch={list.search} />
      <Toolbar
        grants={grants}
        selected={selected.length}
        exporting={exporter.exporting}
        onAdd={() => openForm('add')}
        onExport={() => void exporter.run({ queryParams: list.queryParams, selectedIds: selected })}
        onImport={() => setImporting(true)}
        onBatchDelete={deleteSelected}
        onClearSelection={() => list.setSelection({})}
      />
      <ListTable
        list={list}
        specs={specs}
        actions={{
          canEdit: grants.edit,
          canDelete: grants.delete,
          onEdit: (row) => openForm('edit', row),
          onDetail: (row) => openForm('detail', row),
          onDelete: deleteOne,
        }}
      />
      <EntityFormModal
        key={form.seq}
        doc={doc}
        mode={form.mode}
        record={form.record}
        open={form.open}
        onClose={closeForm}
        onSaved={() => {
          closeForm();
          list.reload();
        }}
      />
      <ImportModal
        open={importing}
        api={list.api}
        onClose={() => setImporting(false)}
        onImported={list.reload}
      />
    </Card>
  );
}

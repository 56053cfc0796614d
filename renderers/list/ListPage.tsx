import {
  Fragment,
  lazy,
  Suspense,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ComponentType,
  type ReactNode,
} from 'react';
import { MinusSquareOutlined, PlusSquareOutlined } from '@ant-design/icons';
import { Button, Card, Modal, Skeleton } from 'antd';
import { Forbidden } from '../common/Forbidden';
import { LazyResult } from '../common/LazyResult';
import type { EntityDocument } from '../../src/core/document/types';
import { AdvancedQueryButton } from '../advanced-query/AdvancedQueryButton';
import { downloadAttachments, useExport } from '../excel/use-export';
import { fieldType } from '../../src/core/fields/registry';
import type { EntityFormModalProps } from '../form/EntityFormModal';
import type { FormMode } from '../form/schema';
import type { FieldChecks } from '../form/use-field-checks';
import { RoutePageContext, type RoutePage } from '../common/route-page';
import { useEntityDocument } from '../common/use-document';
import { actionGrants, type ActionGrants } from '../common/use-permissions';
import { documentRowActions, documentToolbar, editableBy } from '../actions/document-actions';
import type { ActionContext } from '../actions/types';
import { LIST_PARTS, loadFormParts, SEARCH_PARTS, useFieldParts } from '../fields/parts';
import { listColumns, listedFields, type Row } from './columns';
import { withFixedFields } from './fixed-filter';
import { ListTable } from './ListTable';
import { ListTabs } from './ListTabs';
import type { RowAction } from './RowActions';
import { foldedSearchFields, SearchForm } from './SearchForm';
import { Toolbar } from './Toolbar';
import { TREE_ROOT_PID } from './tree-rows';
import { selectedIds, useDeletes } from './use-deletes';
import { useListData, type ListData } from './use-list-data';
import { useLiveTable } from './use-live-table';
import { useMobile } from '../common/use-mobile';
import { useTreeBranches } from './use-tree-branches';
import { recordsOf } from '../server/records';
import { useSession } from '../providers';
import { t } from './messages';

/** what a screen built on the list renderer gets to work with */
export interface ListContext {
  doc: EntityDocument;
  list: ListData;
  grants: ActionGrants;
  /** opens the add / edit / detail modal; `record` seeds an add (for example the parent of a child) */
  openForm: (mode: FormMode, record?: Row, title?: string) => void;
}

/**
 * How a screen extends a generic list without copying it: more row actions after 编辑/详情/删除,
 * more toolbar buttons after the standard ones, server checks of form fields as the user types, and
 * which rows may be edited. Register a small renderer that passes these (see renderers/registry.ts).
 */
export interface ListExtensions {
  rowActions?: (ctx: ListContext) => RowAction[];
  toolbar?: (ctx: ListContext) => ReactNode;
  checks?: FieldChecks;
  /** 编辑 shows only on rows for which this is true (default: every row) */
  rowEditable?: (row: Row) => boolean;
  /** what a row's first cell puts before its text (an expand button) */
  rowLead?: (row: Row) => ReactNode;
  /** what shows under a row, across the table (a row's sub-tables), if anything */
  rowUnder?: (row: Row, ctx: ListContext) => ReactNode;
  /** a click on a row outside its buttons */
  onRowClick?: (row: Row, ctx: ListContext) => void;
  /** what shows under the table (the chosen master's sub-tables) */
  below?: (ctx: ListContext) => ReactNode;
  /** the add / edit / detail modal, in place of the document's own form (one with sub-tables) */
  formModal?: ComponentType<EntityFormModalProps>;
}

export interface DocumentListProps extends ListExtensions {
  code: string;
  /** draw the document as an expandable tree (its `tree` settings) */
  tree?: boolean;
  /** only rows with these values (field key → value); new records get them too */
  fixed?: Record<string, string>;
  /** a list in a drawer or dialog: it leaves the page's URL and title to the page's own list */
  nested?: boolean;
  /** `fixed` names the master of a sub-table list: an import sends it as foreignKeys (rows go under it) */
  underMaster?: boolean;
}

// the form (rjsf, ajv, every widget) and the import dialog load when first opened, not with the list
const EntityFormModal = lazy(() => import('../form/EntityFormModal'));
const ImportModal = lazy(() => import('../excel/ImportModal'));
// the cards of a list on a phone load the first time a list shows at that width: a desktop never does
const CardList = lazy(() => import('./CardList'));

interface FormState {
  mode: FormMode;
  record?: Row;
  /** the modal's title where the document's labels name it */
  title?: string;
  open: boolean;
  /** a new number per opening, so each opening starts from a fresh form */
  seq: number;
}

/** The list screen of one entity document: loads the document, then the page (or a visible error). */
export function DocumentList({
  code,
  tree = false,
  fixed,
  nested = false,
  underMaster = false,
  ...extensions
}: DocumentListProps) {
  const state = useEntityDocument(code);
  const routePage = useContext(RoutePageContext);
  const route = nested ? null : routePage;
  // the page is named by its document (or its failure) where the menu does not name it
  const title = state.status === 'ready' ? state.doc.title : state.status === 'failed' ? state.title : '';
  useEffect(() => {
    if (route && title) route.nameTitle(title);
  }, [route, title]);
  if (state.status === 'loading') return <Skeleton active style={{ padding: 24 }} />;
  if (state.status === 'failed')
    // the page's own list shows the one 无权访问 page; a list inside a page says what failed in place
    return state.forbidden && route ? (
      <Forbidden />
    ) : (
      <LazyResult status="error" title={state.title} subTitle={state.message} />
    );
  if (tree && !(state.doc.tree && state.doc.endpoints?.tree))
    return <LazyResult status="error" title={t('noTree')} subTitle={t('noTreeText', { code })} />;
  const page = (limit: Record<string, string> | undefined) => (
    <ListPage
      key={state.doc.code}
      source={state.doc}
      tree={tree}
      fixed={limit}
      underMaster={underMaster}
      route={route}
      {...extensions}
    />
  );
  const tabs = state.doc.list.tabs;
  return tabs && fixed?.[tabs.field] === undefined ? (
    <ListTabs doc={state.doc} field={tabs.field} list={(value) => page({ ...fixed, ...value })} />
  ) : (
    page(fixed)
  );
}

/** Spec 4 "List page": search, toolbar, table (flat or tree), paging, forms, import and export. */
function ListPage({
  source,
  tree,
  fixed,
  rowActions,
  toolbar,
  checks,
  rowEditable: givenRowEditable,
  rowLead,
  rowUnder,
  onRowClick,
  below,
  formModal: FormModal = EntityFormModal,
  route,
  underMaster,
}: {
  source: EntityDocument;
  tree: boolean;
  fixed?: Record<string, string>;
  underMaster: boolean;
  route: RoutePage | null;
} & ListExtensions) {
  const fixedKeys = Object.keys(fixed ?? {}).join(',');
  const doc = useMemo(
    () => withFixedFields(source, fixedKeys ? fixedKeys.split(',') : []),
    [source, fixedKeys],
  );
  const roots = useMemo(() => (tree ? { [doc.tree!.pidField]: TREE_ROOT_PID } : undefined), [doc, tree]);
  const list = useListData(doc, roots, fixed, route);
  // a row saved in another console showing this document reloads the page of rows (and a tree's
  // open branches), as does a deletion of a row it shows, at the top or in an open branch
  const announce = useLiveTable(doc.code, {
    saved: list.reload,
    deleted: (ids) => {
      if ((branches.rows ?? list.records).some((r) => ids.includes(String(r.id)))) list.reload();
    },
  });
  const branches = useTreeBranches(doc, list, tree);
  const session = useSession();
  const sessionGrants = session.grants;
  const grants = actionGrants(sessionGrants, doc);
  const rowEditable = givenRowEditable ?? editableBy(doc);
  // at the shell's mobile width the rows are cards (no table wider than the screen)
  const mobile = useMobile();
  // the columns' cells and the first search controls load beside the first page of rows, so the
  // list draws once, whole (no cell or search box changes after it shows)
  const cellsLoaded = useFieldParts(listedFields(doc), LIST_PARTS);
  const searchLoaded = useFieldParts(foldedSearchFields(doc), SEARCH_PARTS);
  const partsLoaded = cellsLoaded && searchLoaded;
  const specs = useMemo(() => (partsLoaded ? listColumns(doc) : []), [doc, partsLoaded]);
  const [modal, modalHolder] = Modal.useModal();
  const { deleteOne, deleteSelected } = useDeletes(list, modal);
  const exporter = useExport(doc, recordsOf(list.api).exportXls);
  // the server answers exportZip for these fields only (src/server/crud/excel.ts attachmentColumns)
  const attachments = useMemo(
    () =>
      doc.fields
        .filter((f) => !f.virtual && fieldType(f).uploads)
        .map((f) => ({ key: f.key, title: f.title })),
    [doc],
  );
  const [form, setForm] = useState<FormState>({ mode: 'add', open: false, seq: 0 });
  const [importing, setImporting] = useState(false);
  const [importUsed, setImportUsed] = useState(false);
  // the dialog a declared action shows (its kind's, renderers/actions), a new key per opening
  const [actionDialog, setActionDialog] = useState<{ node: ReactNode; seq: number } | null>(null);
  const actionCtx: ActionContext = {
    doc,
    reload: list.reload,
    show: (draw) => {
      // drawn once here, not in the state updater (StrictMode runs an updater twice)
      const node = draw(() => setActionDialog(null));
      setActionDialog((d) => ({ node, seq: (d?.seq ?? 0) + 1 }));
    },
  };

  const labels = doc.labels ?? {};
  const openForm = (mode: FormMode, record?: Row, title?: string) => {
    // the form's editors load beside its module, not after it (a failure is the form's to show)
    loadFormParts(doc.fields, mode === 'detail').catch(() => undefined);
    const named = title ?? (mode === 'detail' ? undefined : labels[mode]);
    setForm((f) => ({ mode, record, title: named, open: true, seq: f.seq + 1 }));
  };
  const closeForm = () => setForm((f) => ({ ...f, open: false }));
  const selected = selectedIds(list.selection);
  const ctx: ListContext = { doc, list, grants, openForm };

  const actions: RowAction[] = [
    ...(grants.edit
      ? [{ key: 'edit', label: t('edit'), visible: rowEditable, run: (row: Row) => openForm('edit', row) }]
      : []),
    { key: 'detail', label: t('detail'), run: (row) => openForm('detail', row) },
    ...(tree && grants.add
      ? [
          {
            key: 'addChild',
            label: t('addChild'),
            // the new record starts under this one; the tree picker shows its name until it loads
            run: (row: Row) =>
              openForm(
                'add',
                {
                  ...doc.tree!.childDefaults,
                  id: '',
                  [doc.tree!.pidField]: row.id,
                  [`${doc.tree!.pidField}_dictText`]: row[doc.tree!.textField],
                },
                labels.addChild,
              ),
          },
        ]
      : []),
    ...(grants.delete
      ? [
          {
            key: 'delete',
            label: t('delete'),
            danger: true,
            confirm: labels.confirmDelete ?? t('confirmDelete'),
            run: deleteOne,
          },
        ]
      : []),
    ...documentRowActions(doc, session, actionCtx),
    ...(rowActions?.(ctx) ?? []),
  ];

  if (!partsLoaded) return <Skeleton active style={{ padding: 24 }} />;
  return (
    <Card variant="borderless">
      {modalHolder}
      {exporter.holder}
      <SearchForm doc={doc} initial={list.values} onSearch={list.search} />
      <Toolbar
        grants={grants}
        selected={selected.length}
        exporting={exporter.exporting}
        addLabel={labels.add}
        onAdd={() => openForm('add', fixed && { id: '', ...fixed })}
        onExport={(format) =>
          void exporter.run({
            queryParams: list.queryParams,
            selectedIds: selected,
            total: list.total,
            format,
          })
        }
        attachments={attachments}
        onExportAttachments={(field) =>
          void downloadAttachments(recordsOf(list.api).exportZip, selected, field, doc.title)
        }
        onImport={() => {
          setImporting(true);
          setImportUsed(true);
        }}
        onBatchDelete={deleteSelected}
        onClearSelection={() => list.setSelection({})}
        query={<AdvancedQueryButton doc={doc} active={list.advanced} onApply={list.searchAdvanced} />}
        extra={
          <>
            {documentToolbar(doc, session, actionCtx, selected, modal)}
            {tree && (
              <Button
                icon={branches.anyOpen ? <MinusSquareOutlined /> : <PlusSquareOutlined />}
                onClick={branches.anyOpen ? branches.collapseAll : branches.expandAll}
              >
                {branches.anyOpen ? t('collapseAll') : t('expandAll')}
              </Button>
            )}
            {toolbar?.(ctx)}
          </>
        }
      />
      {mobile ? (
        <Suspense fallback={<Skeleton active />}>
          <CardList
            doc={doc}
            list={list}
            actions={actions}
            rows={branches.rows}
            lead={branches.cardLead ?? rowLead}
            depth={branches.depth}
            under={rowUnder && ((row) => rowUnder(row, ctx))}
            onRowClick={onRowClick && ((row) => onRowClick(row, ctx))}
          />
        </Suspense>
      ) : (
        <ListTable
          list={list}
          specs={specs}
          actions={actions}
          rows={branches.rows}
          lead={branches.lead ?? rowLead}
          under={rowUnder && ((row) => rowUnder(row, ctx))}
          onRowClick={onRowClick && ((row) => onRowClick(row, ctx))}
          empty={labels.empty}
        />
      )}
      {below?.(ctx)}
      {actionDialog && <Fragment key={actionDialog.seq}>{actionDialog.node}</Fragment>}
      <Suspense fallback={null}>
        {form.seq > 0 && (
          <FormModal
            key={form.seq}
            doc={doc}
            mode={form.mode}
            title={form.title}
            record={form.record}
            latest={
              form.mode === 'edit' && form.record
                ? (branches.rows ?? list.records).find((r) => r.id === form.record!.id)
                : undefined
            }
            open={form.open}
            onClose={closeForm}
            checks={checks}
            onSaved={(saved) => {
              closeForm();
              list.reload();
              if (saved.id) announce(String(saved.id));
              // a new node shows at once: its parent opens (添加下级, or a parent chosen in the form)
              if (tree && form.mode === 'add') branches.expand(String(saved[doc.tree!.pidField] ?? ''));
            }}
          />
        )}
        {importUsed && (
          <ImportModal
            open={importing}
            api={list.api}
            title={doc.title}
            onClose={() => setImporting(false)}
            onImported={list.reload}
            foreignKeys={underMaster ? fixed : undefined}
          />
        )}
      </Suspense>
    </Card>
  );
}

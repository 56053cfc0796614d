import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Spin, Tabs } from 'antd';
import { LazyResult } from '../common/LazyResult';
import { apiBase, orderField } from '../../src/core/document/model';
import type { ChildTable, EntityDocument } from '../../src/core/document/types';
import { reportReadFailure, reportThrown } from '../common/failure';
import { useOptions } from '../common/use-options';
import { useEntityDocument } from '../common/use-document';
import { holdsDocumentMenu, useActionGrants } from '../common/use-permissions';
import EntityFormModal, { type EntityFormModalProps, type FormDetails } from '../form/EntityFormModal';
import { GRID_PARTS, useFieldParts } from '../fields/parts';
import { providers, useSession } from '../providers';
import { ChildTitle } from '../list/DetailTabs';
import { EditableGrid } from './EditableGrid';
import { OneRowForm } from './OneRowForm';
import { gridFields, type GridRow } from './grid-model';
import { useGrid, type Grid } from './use-grid';
import { useGridTree } from './use-grid-tree';
import { useLiveGrid } from './use-live-grid';
import { treeChildren } from '../list/tree-rows';
import { recordsOf } from '../server/records';
import { t } from './messages';

const MASTER_TAB = '__master';

interface GridProps {
  child: ChildTable;
  /** the master's API base and, once saved, its id (the grid then follows saves made elsewhere) */
  master: { api: string; id?: string };
  readOnly: boolean;
  register: (code: string, grid: Grid | null) => void;
}

/** a tree sub-table's rows under one node of a saved master (read on the node's first expand) */
function childrenOf(master: { api: string; id?: string }, code: string) {
  return (pid: string): Promise<GridRow[]> =>
    recordsOf(master.api)
      .detailChildren({ id: master.id, table: code, pid })
      .then((res) => {
        if (res.success) return treeChildren(res.result) as GridRow[];
        reportReadFailure(res);
        return [];
      });
}

/** one sub-table's grid, once its document and rows are here; it hands its state up to the form */
function ChildGrid({ rows, ...props }: GridProps & { rows: GridRow[] | undefined }) {
  const state = useEntityDocument(props.child.code);
  if (state.status === 'failed')
    return <LazyResult status="error" title={state.title} subTitle={state.message} />;
  if (state.status === 'loading' || !rows) return <Spin style={{ display: 'block', padding: 48 }} />;
  return <LoadedGrid doc={state.doc} rows={rows} {...props} />;
}

function LoadedGrid({
  doc,
  child,
  master,
  rows,
  readOnly,
  register,
}: GridProps & { doc: EntityDocument; rows: GridRow[] }) {
  const { foreignKey } = child;
  const fields = useMemo(() => gridFields(doc, foreignKey), [doc, foreignKey]);
  const initial = useMemo(() => {
    const order = orderField(fields);
    return order ? [...rows].sort((a, b) => Number(a[order.key] ?? 0) - Number(b[order.key] ?? 0)) : rows;
  }, [fields, rows]);
  const grid = useGrid(fields, initial, {
    title: doc.title,
    disabledRows: child.disabledRows,
    table: doc.table,
    tree: doc.tree,
  });
  const tree = useGridTree(grid, doc.tree?.textField ?? '', master.id ? childrenOf(master, doc.code) : null);
  useLiveGrid(doc.code, master.api, master.id, grid, tree);
  const options = useOptions(fields);
  // the cells' editors load with the options: the grid draws once, every cell as it stays
  const partsLoaded = useFieldParts(fields, GRID_PARTS);
  const grants = useActionGrants(doc);
  useEffect(() => {
    register(doc.code, grid);
  });
  useEffect(() => () => register(doc.code, null), [doc.code, register]);
  if (!options || !partsLoaded) return <Spin style={{ display: 'block', padding: 48 }} />;
  if (child.relation === 'one')
    return (
      <OneRowForm
        grid={grid}
        options={options}
        name={doc.code}
        title={doc.title}
        readOnly={readOnly}
        rights={grants}
      />
    );
  return (
    <EditableGrid
      grid={grid}
      options={options}
      name={doc.code}
      readOnly={readOnly}
      rights={grants}
      tree={tree}
    />
  );
}

/**
 * The tab list's form (tab list): the master's fields on the first tab and an editable
 * grid per sub-table on the others (a form for a one-to-one sub-table), saved together in one call
 * (addWithDetails / editWithDetails); a row the server refuses shows its message on the cell.
 */
export default function TabFormModal(props: EntityFormModalProps) {
  const { doc, mode, record } = props;
  const { menu } = useSession();
  const children = useMemo(
    () => (doc.children ?? []).filter((c) => holdsDocumentMenu(menu, c.code)),
    [doc, menu],
  );
  const [rows, setRows] = useState<Record<string, GridRow[]> | null>(() => (record?.id ? null : {}));
  const [tab, setTab] = useState(MASTER_TAB);
  const grids = useRef(new Map<string, Grid>());
  const register = useMemo(
    () => (code: string, grid: Grid | null) => {
      if (grid) grids.current.set(code, grid);
      else grids.current.delete(code);
    },
    [],
  );

  useEffect(() => {
    if (!record?.id) return;
    let live = true;
    recordsOf(apiBase(doc))
      .details<Record<string, GridRow[]>>(record.id)
      .then((res) => {
        if (!live) return;
        if (res.success) setRows(res.result ?? {});
        else providers().notices.warning(res.message || t('detailsFailed'));
      })
      .catch(reportThrown);
    return () => {
      live = false;
    };
  }, [doc, record?.id]);

  const details: FormDetails = {
    wrap: (form: ReactNode) => (
      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={[
          { key: MASTER_TAB, label: doc.title, children: form, forceRender: true },
          ...children.map((c) => ({
            key: c.code,
            label: <ChildTitle code={c.code} />,
            // a sub-table's grid mounts when its tab is first opened: one never opened sends nothing
            children: (
              <ChildGrid
                child={c}
                master={{ api: apiBase(doc), id: record?.id ? String(record.id) : undefined }}
                rows={rows ? (rows[c.code] ?? []) : undefined}
                readOnly={mode === 'detail'}
                register={register}
              />
            ),
          })),
        ]}
      />
    ),
    collect: () => {
      if (!rows) {
        providers().notices.warning(t('detailsLoading'));
        return null;
      }
      const out: Record<string, { rows: Record<string, unknown>[]; deleted: string[] }> = {};
      for (const c of children) {
        const grid = grids.current.get(c.code);
        if (!grid) continue;
        if (!grid.validate()) {
          setTab(c.code);
          return null;
        }
        out[c.code] = grid.value();
      }
      return out;
    },
    showErrors: (errors) => {
      let said: string | null = null;
      for (const c of children) {
        const own = errors.filter((e) => e.table === c.code);
        const message = own.length ? (grids.current.get(c.code)?.showServerErrors(own) ?? null) : null;
        if (message && !said) {
          said = message;
          setTab(c.code);
        }
      }
      return said ?? undefined;
    },
    showMaster: () => setTab(MASTER_TAB),
  };

  return <EntityFormModal {...props} details={details} />;
}

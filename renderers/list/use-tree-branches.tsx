import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { apiBase } from '../../src/core/document/model';
import type { EntityDocument } from '../../src/core/document/types';
import { reportReadFailure, reportThrown } from '../common/failure';
import { TreeToggle } from '../common/TreeToggle';
import type { Row } from './columns';
import { TREE_ROOT_PID, treeChildren, visibleTreeRows, type Branch, type TreeRow } from './tree-rows';
import type { ListData } from './use-list-data';
import { recordsOf } from '../server/records';

/**
 * The lazily loaded branches of a tree list ("Expandable tree table"): a node's children are
 * fetched from the document's tree endpoint on its first expand; when the roots reload (a search, a
 * save, a delete) every open branch is fetched again so the table shows the new state, and a node a
 * child was just added under is opened. A search
 * shows its matches flat, as the list it is.
 */
export function useTreeBranches(doc: EntityDocument, list: ListData, enabled: boolean) {
  const [branches, setBranches] = useState<ReadonlyMap<string, Branch>>(new Map());
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const expandedRef = useRef(expanded);
  expandedRef.current = expanded;
  const api = apiBase(doc);
  const endpoint = doc.endpoints?.tree ?? '';

  const load = useCallback(
    (id: string) => {
      setBranches((b) => new Map(b).set(id, b.get(id) ?? 'loading'));
      recordsOf(api)
        .treeChildren(endpoint, id)
        .then((res) => {
          if (!res.success) {
            reportReadFailure(res);
            return [];
          }
          return treeChildren(res.result);
        })
        .catch((e: unknown) => {
          reportThrown(e);
          return [];
        })
        .then((rows) => setBranches((b) => new Map(b).set(id, rows)));
    },
    [api, endpoint],
  );

  // new roots: the open branches are fetched again (their rows may have changed)
  useEffect(() => {
    if (!enabled) return;
    for (const id of expandedRef.current) load(id);
  }, [enabled, list.records, load]);

  const toggle = useCallback(
    (row: Row) => {
      const open = expandedRef.current.has(row.id);
      setExpanded((e) => {
        const next = new Set(e);
        if (open) next.delete(row.id);
        else next.add(row.id);
        return next;
      });
      if (!open && !branches.has(row.id)) load(row.id);
    },
    [branches, load],
  );

  /** 全部展开: the whole tree in one call (the tree endpoint without pid), every branch open */
  const expandAll = useCallback(() => {
    recordsOf(api)
      .treeChildren(endpoint)
      .then((res) => {
        if (!res.success) return reportReadFailure(res);
        const loaded = new Map<string, Row[]>();
        const walk = (nodes: Row[]) => {
          for (const { children, ...row } of nodes as (Row & { children?: Row[] })[])
            if (children?.length) {
              loaded.set(
                String(row.id),
                children.map(({ children: _, ...child }) => child as Row),
              );
              walk(children);
            }
        };
        walk(treeChildren(res.result));
        setBranches((b) => new Map([...b, ...loaded]));
        setExpanded(new Set(loaded.keys()));
      })
      .catch(reportThrown);
  }, [api, endpoint]);
  const collapseAll = useCallback(() => setExpanded(new Set()), []);

  /** opens a node (after 添加下级 saved a child under it, so the child is seen); a root pid opens nothing */
  const expand = useCallback(
    (id: string) => {
      if (!enabled || !id || id === TREE_ROOT_PID) return;
      setExpanded((e) => new Set(e).add(id));
      load(id);
    },
    [enabled, load],
  );

  const tree = enabled && !list.searching;
  const shown: TreeRow[] | null = useMemo(
    () => (tree ? visibleTreeRows(doc, list.records, branches, expanded) : null),
    [tree, doc, list.records, branches, expanded],
  );
  const byId = useMemo(() => new Map(shown?.map((t) => [t.row.id, t])), [shown]);

  /** the indent and expand button before a node's first cell (a card indents itself: no indent) */
  const leadAt = (row: Row, indent: boolean) => {
    const t = byId.get(row.id);
    if (!t) return null;
    const name = String(row[doc.tree!.textField] ?? '');
    return (
      <TreeToggle depth={indent ? t.depth : 0} state={t.state} name={name} onToggle={() => toggle(row)} />
    );
  };
  const lead = (row: Row) => leadAt(row, true);
  const cardLead = (row: Row) => leadAt(row, false);
  /** a node's level under the roots (0 for a root) */
  const depth = (row: Row) => byId.get(row.id)?.depth ?? 0;

  const all = { expandAll, collapseAll, anyOpen: expanded.size > 0 };
  return shown
    ? { rows: shown.map((t) => t.row), lead, cardLead, depth, expand, ...all }
    : { rows: undefined, lead: undefined, cardLead: undefined, depth: undefined, expand, ...all };
}

import { useEffect, useState } from 'react';
import { reportThrown } from '../common/failure';
import { loadDepartTree, type DepartNode } from './depart-api';

/** the department tree, loaded when a picker opens (null while it loads) */
export function useDepartTree(): DepartNode[] | null {
  const [tree, setTree] = useState<DepartNode[] | null>(null);
  useEffect(() => {
    let live = true;
    loadDepartTree()
      .then((t) => live && setTree(t))
      .catch((e: unknown) => {
        reportThrown(e);
        if (live) setTree([]);
      });
    return () => {
      live = false;
    };
  }, []);
  return tree;
}

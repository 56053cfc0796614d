import { useCallback, useEffect, useState } from 'react';
import { reportReadFailure, reportThrown } from '../../common/failure';
import type { PermissionNode } from './permission-model';
import { providers } from '../../providers';

/**
 * The whole menu and button tree (GET /sys/permission/list, already nested and sorted by the
 * server): a few hundred rows at most, so it is read in one call and again after every change.
 */
export function usePermissionTree() {
  const [nodes, setNodes] = useState<PermissionNode[]>([]);
  const [loading, setLoading] = useState(true);
  const [count, setCount] = useState(0);

  useEffect(() => {
    let live = true;
    setLoading(true);
    providers()
      .data.get<PermissionNode[]>('/sys/permission/list')
      .then((res) => {
        if (!live) return;
        if (res.success) setNodes(res.result);
        else reportReadFailure(res);
      })
      .catch(reportThrown)
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [count]);

  const reload = useCallback(() => setCount((n) => n + 1), []);
  return { nodes, loading, reload };
}

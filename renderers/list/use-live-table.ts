import { useCallback, useEffect, useRef, useState } from 'react';
import { announceRow, listenToTable, type RemoteChanges } from './live-table';

/**
 * Keeps a table live: `on.saved` runs when another table (another console, or another tab of this
 * one) saved a row of the document, `on.deleted` when rows of it were deleted; the returned function
 * announces a row this table saved.
 */
export function useLiveTable(socketKey: string, on: RemoteChanges) {
  const [caseId] = useState(() => Math.random().toString(36).slice(2, 12));
  const latest = useRef(on);
  latest.current = on;
  useEffect(
    () =>
      listenToTable(socketKey, caseId, {
        saved: (id) => latest.current.saved(id),
        deleted: (ids) => latest.current.deleted(ids),
      }),
    [socketKey, caseId],
  );
  return useCallback((id: string) => announceRow(socketKey, id, caseId), [socketKey, caseId]);
}

import { useCallback, useEffect, useRef, useState } from 'react';
import { announceRow, listenToTable } from './live-table';

/**
 * Keeps a table live: `onRemoteChange` runs when another table (another console, or another tab
 * of this one) saved a row of the document; the returned function announces a row this table saved.
 */
export function useLiveTable(socketKey: string, onRemoteChange: (id: string) => void) {
  const [caseId] = useState(() => Math.random().toString(36).slice(2, 12));
  const latest = useRef(onRemoteChange);
  latest.current = onRemoteChange;
  useEffect(() => listenToTable(socketKey, caseId, (id) => latest.current(id)), [socketKey, caseId]);
  return useCallback((id: string) => announceRow(socketKey, id, caseId), [socketKey, caseId]);
}

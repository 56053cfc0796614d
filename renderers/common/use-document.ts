import { useEffect, useState } from 'react';
import { getAction } from '../../src/app/http/client';
import type { EntityDocument } from '../../src/core/document/types';
import { reportReadFailure, reportThrown } from './failure';

export type DocumentState =
  { status: 'loading' } | { status: 'ready'; doc: EntityDocument } | { status: 'failed'; message: string };

const fetchDocument = (code: string) =>
  getAction<EntityDocument>(`/online/cgform/api/document/${encodeURIComponent(code)}`);

/** document requests started before their page mounted; the page's first load takes its own, once */
const early = new Map<string, ReturnType<typeof fetchDocument>>();

/**
 * Starts loading the document of a page about to open (a deep link or a reload, while the menu that
 * confirms the route is still on its way), so the page does not wait for it after the menu.
 */
export function prefetchDocument(code: string): void {
  if (early.has(code)) return;
  const answer = fetchDocument(code);
  // a page that never mounts never reads it; its failure is the page's to report
  answer.catch(() => undefined);
  early.set(code, answer);
}

/** loads the entity document a renderer interprets; the server answers it with its `api` base filled in */
export function useEntityDocument(code: string): DocumentState {
  const [state, setState] = useState<DocumentState>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    setState({ status: 'loading' });
    const prefetched = early.get(code);
    early.delete(code);
    (prefetched ?? fetchDocument(code))
      .then((res) => {
        if (!live) return;
        if (res.success && res.result?.kind === 'entity') setState({ status: 'ready', doc: res.result });
        else {
          reportReadFailure(res);
          setState({ status: 'failed', message: res.message || `文档 ${code} 不是实体文档` });
        }
      })
      .catch((e: unknown) => {
        if (!live) return;
        reportThrown(e);
        setState({ status: 'failed', message: e instanceof Error ? e.message : String(e) });
      });
    return () => {
      live = false;
    };
  }, [code]);
  return state;
}

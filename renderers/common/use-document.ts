import { useEffect, useState } from 'react';
import { getAction } from '../../src/app/http/client';
import type { EntityDocument } from '../../src/core/document/types';
import { reportReadFailure, reportThrown } from './failure';

export type DocumentState =
  { status: 'loading' } | { status: 'ready'; doc: EntityDocument } | { status: 'failed'; message: string };

/** loads the entity document a renderer interprets; the server answers it with its `api` base filled in */
export function useEntityDocument(code: string): DocumentState {
  const [state, setState] = useState<DocumentState>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    setState({ status: 'loading' });
    getAction<EntityDocument>(`/online/cgform/api/document/${encodeURIComponent(code)}`)
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

import { useEffect, useRef, useState } from 'react';
import type { EntityDocument } from '../../src/core/document/types';
import { CODE } from '../../src/core/wire';
import { reportReadFailure, reportThrown } from './failure';
import { HttpFailure } from '../providers';
import { loadDocument } from '../server/system';
import { t } from './messages';

export type DocumentState =
  | { status: 'loading' }
  | { status: 'ready'; doc: EntityDocument }
  /** forbidden: the document exists but the user may not list it (the page shows 无权访问) */
  | { status: 'failed'; title: string; message: string; forbidden?: boolean };

const fetchDocument = (code: string) => loadDocument<EntityDocument>(code);

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

/** what a thrown load failure tells the user: in Chinese, never the http library's English text */
function thrownFailure(e: unknown): { title: string; message: string } {
  const status = e instanceof HttpFailure ? e.status : 0;
  // a document the server does not have, or does not show this user
  if (status === CODE.notFound || status === 403)
    return { title: t('pageMissing'), message: t('pageMissingText') };
  return { title: t('loadFailed'), message: t(status ? 'loadFailedText' : 'networkDown') };
}

/** loads the entity document a renderer interprets; the server answers it with its `api` base filled in */
export function useEntityDocument(code: string): DocumentState {
  const [state, setState] = useState<DocumentState>({ status: 'loading' });
  // the code whose answer is on screen: a kept-alive page shown again (its effects run again) keeps it
  const settled = useRef<string | null>(null);
  useEffect(() => {
    if (settled.current === code) return;
    let live = true;
    setState({ status: 'loading' });
    const prefetched = early.get(code);
    early.delete(code);
    const settle = (next: DocumentState) => {
      settled.current = code;
      setState(next);
    };
    (prefetched ?? fetchDocument(code))
      .then((res) => {
        if (!live) return;
        if (res.success && res.result?.kind === 'entity') settle({ status: 'ready', doc: res.result });
        else {
          reportReadFailure(res);
          const forbidden = res.code === CODE.noPermission;
          settle({
            status: 'failed',
            title: t(forbidden ? 'forbidden' : 'loadFailed'),
            message: res.message || t('notEntity', { code }),
            forbidden,
          });
        }
      })
      .catch((e: unknown) => {
        if (!live) return;
        reportThrown(e);
        settle({ status: 'failed', ...thrownFailure(e) });
      });
    return () => {
      live = false;
    };
  }, [code]);
  return state;
}

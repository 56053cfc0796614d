import { useEffect, useRef, useState } from 'react';
import type { EntityDocument } from '../../src/core/document/types';
import { CODE } from '../../src/core/wire';
import { reportReadFailure, reportThrown } from './failure';
import { HttpFailure } from '../providers';
import { FORBIDDEN_TITLE } from './Forbidden';
import { loadDocument } from '../server/system';

export type DocumentState =
  | { status: 'loading' }
  | { status: 'ready'; doc: EntityDocument }
  /** forbidden: the document exists but the user may not list it (the page shows 无权访问) */
  | { status: 'failed'; title: string; message: string; forbidden?: boolean };

/** a document the server does not have, or does not show this user */
export const DOCUMENT_MISSING = { title: '页面不存在', message: '页面不存在或无权访问' };
const DOCUMENT_UNREADABLE = { title: '加载失败', message: '页面加载失败，请稍后重试' };

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
  if (status === CODE.notFound || status === 403) return DOCUMENT_MISSING;
  if (!status) return { ...DOCUMENT_UNREADABLE, message: '网络异常，请检查网络连接' };
  return DOCUMENT_UNREADABLE;
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
            title: forbidden ? FORBIDDEN_TITLE : DOCUMENT_UNREADABLE.title,
            message: res.message || `文档 ${code} 不是实体文档`,
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

import { useMemo, type ReactNode } from 'react';
import { HTTPError } from 'ky';
import { useSnapshot } from 'valtio';
import {
  HttpFailure,
  RendererProviders,
  type CallOptions,
  type DataProvider,
  type Params,
  type Providers,
} from '../../renderers/providers';
import { socketAddress } from '../../renderers/common/live-socket';
import type { Grants } from '../core/permission';
import { API_BASE } from './http/api-base';
import {
  deleteAction,
  downloadFile,
  getAction,
  postAction,
  putAction,
  uploadAction,
  UploadHttpError,
} from './http/client';
import { loadFileUrl } from './http/file-url';
import { notices } from './http/notices';
import { loadPermissions, session } from './stores/session';
import { storage } from './storage';

/** renderers learn of an HTTP failure as HttpFailure: the catalogue has shown it, ky is the app's business */
function asFailure(e: unknown): never {
  if (e instanceof HTTPError || e instanceof UploadHttpError) throw new HttpFailure(e.response.status);
  throw e;
}

const data: DataProvider = {
  get: <T,>(url: string, params?: Params, options?: CallOptions) =>
    getAction<T>(url, params, options).catch(asFailure),
  post: <T,>(url: string, body?: unknown, options?: CallOptions) =>
    postAction<T>(url, body, options).catch(asFailure),
  put: <T,>(url: string, body?: unknown, options?: CallOptions) =>
    putAction<T>(url, body, options).catch(asFailure),
  delete: <T,>(url: string, params?: Params, options?: CallOptions) =>
    deleteAction<T>(url, params, options).catch(asFailure),
  upload: <T,>(url: string, form: FormData, onProgress?: (percent: number) => void) =>
    uploadAction<T>(url, form, onProgress).catch(asFailure),
  download: (url, params, fileName, options) => downloadFile(url, params, fileName, options).catch(asFailure),
  fileUrl: loadFileUrl,
};

const storageProvider: Providers['storage'] = {
  get: (key) => storage.get(key),
  set: (key, value) => storage.set(key, value),
};

/** the app's providers around everything renderers draw; the session part follows the store */
export function AppRendererProviders({ children }: { children: ReactNode }) {
  const snap = useSnapshot(session);
  const value = useMemo<Providers>(
    () => ({
      data,
      notices,
      storage: storageProvider,
      session: {
        // the snapshot is deeply read-only; renderers only read it
        grants: { auth: snap.auth, allAuth: snap.allAuth } as Grants,
        menu: snap.permissionList,
        reloadPermissions: loadPermissions,
        socketUrl: (path) =>
          snap.token ? socketAddress(`${API_BASE}${path}`, snap.token, window.location.href) : null,
      },
    }),
    [snap.auth, snap.allAuth, snap.permissionList, snap.token],
  );
  return <RendererProviders value={value}>{children}</RendererProviders>;
}

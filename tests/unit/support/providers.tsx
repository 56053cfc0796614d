import type { ReactNode } from 'react';
import { vi } from 'vitest';
import {
  bindProviders,
  RendererProviders,
  type DataProvider,
  type Providers,
} from '../../../renderers/providers';

/**
 * Renderers' providers for a unit test: server calls are the given fakes (others refuse to be
 * called), notices are quiet spies, storage lives in memory and the session holds no grants.
 * Bound at once, so module-level helpers (document preload, dictionaries) find them too.
 */
export function testProviders(data: Partial<DataProvider> = {}, over: Partial<Providers> = {}): Providers {
  const unexpected = (name: string) => () => Promise.reject(new Error(`unexpected ${name} call in a test`));
  const stored = new Map<string, unknown>();
  const value: Providers = {
    data: {
      get: unexpected('get'),
      post: unexpected('post'),
      put: unexpected('put'),
      delete: unexpected('delete'),
      upload: unexpected('upload'),
      download: unexpected('download'),
      fileUrl: async () => undefined,
      ...data,
    },
    notices: { success: vi.fn(), warning: vi.fn(), error: vi.fn() },
    storage: {
      get: <T,>(key: string) => stored.get(key) as T | undefined,
      set: (key, v) => stored.set(key, v),
    },
    session: {
      grants: { auth: [], allAuth: [] },
      menu: [],
      reloadPermissions: async () => [],
      socketUrl: () => null,
    },
    ...over,
  };
  bindProviders(value);
  return value;
}

/** render's wrapper giving these providers to the tree */
export const providing =
  (value: Providers) =>
  ({ children }: { children: ReactNode }) => <RendererProviders value={value}>{children}</RendererProviders>;

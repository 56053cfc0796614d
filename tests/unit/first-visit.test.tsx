// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Suspense, type ReactElement } from 'react';
import { act, cleanup, render, renderHook, screen, waitFor } from '@testing-library/react';
import { STORAGE_KEYS } from '../../src/core/constants';
import { PLATFORM_INFO_KEY } from '../../src/app/layouts/platform';
import { SHELL_CLASS, shellScript, showsLoginShell } from '../../src/app/shell/login-shell';
import { lazyPage } from '../../src/app/router/lazy-page';
import { prefetchDocument, useEntityDocument } from '../../renderers/common/use-document';
import type { DataProvider } from '../../renderers/providers';
import { providing, testProviders } from './support/providers';

const getAction = vi.fn(async (url: string) => ({
  success: true,
  message: '',
  code: 200,
  timestamp: 0,
  result: { kind: 'entity', code: url.split('/').pop() },
}));
const wrapper = providing(testProviders({ get: getAction as DataProvider['get'] }));

afterEach(() => {
  cleanup();
  localStorage.clear();
  document.documentElement.classList.remove(SHELL_CLASS);
  window.history.replaceState(null, '', '/');
});

describe("index.html's static login page", () => {
  /** runs index.html's inline script at a path, with what local storage holds */
  const runScript = (path: string, stored: Record<string, string> = {}) => {
    window.history.replaceState(null, '', path);
    for (const [k, v] of Object.entries(stored)) localStorage.setItem(k, v);
    new Function(shellScript())();
    return showsLoginShell();
  };

  it('shows on a first visit to the login page, with or without a redirect', () => {
    expect(runScript('/user/login')).toBe(true);
    document.documentElement.classList.remove(SHELL_CLASS);
    expect(runScript('/user/login?redirect=%2Fsystem%2Fuser')).toBe(true);
  });

  it('does not show on other routes', () => {
    expect(runScript('/online/cgformList/pro_product')).toBe(false);
    expect(runScript('/user/register')).toBe(false);
  });

  it('does not show where the app renders something else: a session, a remembered name, own colour or platform', () => {
    for (const key of [
      STORAGE_KEYS.accessToken,
      STORAGE_KEYS.username,
      STORAGE_KEYS.color,
      PLATFORM_INFO_KEY,
    ]) {
      expect(runScript('/user/login', { [key]: '{"value":"x","expire":null}' }), key).toBe(false);
      localStorage.clear();
    }
  });
});

describe('lazyPage', () => {
  it('suspends before preload and renders at once after it', async () => {
    // like import(): one module, however often it is asked for
    let resolve!: (m: { default: () => ReactElement }) => void;
    const module = new Promise<{ default: () => ReactElement }>((r) => (resolve = r));
    const load = () => module;
    const Page = lazyPage(load);
    const first = render(
      <Suspense fallback={<p>loading</p>}>
        <Page />
      </Suspense>,
    );
    expect(screen.getByText('loading')).toBeTruthy();
    const preloaded = Page.preload();
    await act(async () => resolve({ default: () => <p>the page</p> }));
    await preloaded;
    await waitFor(() => expect(screen.getByText('the page')).toBeTruthy());
    first.unmount();
    // a fresh mount after preload: the page in the first render, no fallback
    render(
      <Suspense fallback={<p>loading</p>}>
        <Page />
      </Suspense>,
    );
    expect(screen.queryByText('loading')).toBeNull();
    expect(screen.getByText('the page')).toBeTruthy();
  });
});

describe('prefetchDocument', () => {
  beforeEach(() => {
    getAction.mockClear();
  });

  it("the page's first load takes the prefetched answer instead of asking again", async () => {
    prefetchDocument('pro_product');
    expect(getAction).toHaveBeenCalledTimes(1);
    const { result } = renderHook(() => useEntityDocument('pro_product'), { wrapper });
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(getAction).toHaveBeenCalledTimes(1);
  });

  it('a later load asks the server again (the prefetched answer is used once)', async () => {
    prefetchDocument('base_unit');
    const first = renderHook(() => useEntityDocument('base_unit'), { wrapper });
    await waitFor(() => expect(first.result.current.status).toBe('ready'));
    first.unmount();
    const again = renderHook(() => useEntityDocument('base_unit'), { wrapper });
    await waitFor(() => expect(again.result.current.status).toBe('ready'));
    expect(getAction).toHaveBeenCalledTimes(2);
  });
});

import { createElement, lazy, type ComponentType } from 'react';

/**
 * React.lazy with a preload that, once done, renders the page at once instead of suspending: the
 * first render after preload() shows the page, never the loading fallback.
 */
export function lazyPage(load: () => Promise<{ default: ComponentType }>) {
  let loaded: ComponentType | undefined;
  const Lazy = lazy(load);
  function Page() {
    return createElement(loaded ?? Lazy);
  }
  Page.preload = () =>
    load().then((m) => {
      loaded = m.default;
    });
  return Page;
}

/**
 * What antd needs of a browser that jsdom lacks (its responsive parts call them on mount): media queries and resize
 * observers. Call once in a jsdom test file (beforeAll) before rendering antd components.
 */
export function stubAntdDom(): void {
  window.matchMedia ??= ((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  })) as unknown as typeof window.matchMedia;
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

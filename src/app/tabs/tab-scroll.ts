import { useEffect, useEffectEvent, useLayoutEffect, useRef } from 'react';

/**
 * The window's scroll position per tab: pages share the window's scroll bar, so a kept-alive page
 * shown again (src/app/tabs/PageCache.tsx) is put back where it was left. `fullPath` is the page on
 * screen; `restore` says whether it is a kept page shown again rather than a fresh one.
 */
export function useTabScroll(fullPath: string, restore: boolean): void {
  const positions = useRef(new Map<string, number>());
  const shown = useRef(fullPath);
  useEffect(() => {
    // recorded as it happens: when the tab changes, the window has already taken the next page's height
    const remember = () => positions.current.set(shown.current, window.scrollY);
    window.addEventListener('scroll', remember, { passive: true });
    return () => window.removeEventListener('scroll', remember);
  }, []);
  const show = useEffectEvent(() => {
    shown.current = fullPath;
    const y = positions.current.get(fullPath);
    if (restore && y !== undefined) window.scrollTo(0, y);
    else positions.current.delete(fullPath);
  });
  // only a change of page restores: a kept page's own re-renders leave the scroll to the user
  useLayoutEffect(() => show(), [fullPath]);
}

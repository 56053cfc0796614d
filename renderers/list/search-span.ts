import { useLayoutEffect, useState, type RefObject } from 'react';

/** the narrowest a search field (label and box) reads well at */
const FIELD_WIDTH = 270;

/** how many fields a folded search area shows beside its buttons, at a span */
export function foldedCount(span: number): number {
  return Math.max(1, 24 / span - 1);
}

/** the most fields a folded search area shows (at the narrowest span, four fields a row) */
export const MOST_FOLDED = foldedCount(6);

/**
 * The grid span (of 24) of one search field for a search area this wide: as many fields a row as
 * fit, at most four. Measured on the list itself, not the window, so a list in a drawer gets
 * fewer, wider fields than the same list on a page.
 */
export function searchSpan(width: number): number {
  return 24 / Math.min(4, Math.max(1, Math.floor(width / FIELD_WIDTH)));
}

/** searchSpan of the element's current width, following its resizes */
export function useSearchSpan(ref: RefObject<HTMLElement | null>): number {
  const [span, setSpan] = useState(6);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => setSpan(searchSpan(el.clientWidth));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref]);
  return span;
}

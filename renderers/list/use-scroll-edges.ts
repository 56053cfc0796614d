import { useEffect, useState, type RefObject } from 'react';

/**
 * Whether a horizontally scrolling box hides content on its left or right, so the sticky columns
 * can cast a shadow only where something is scrolled under them. Re-measured on scroll, on resize
 * and when `content` changes.
 */
export function useScrollEdges(ref: RefObject<HTMLElement | null>, content: unknown) {
  const [edges, setEdges] = useState({ left: false, right: false });
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => {
      const left = el.scrollLeft > 0;
      const right = el.scrollLeft + el.clientWidth < el.scrollWidth - 1;
      setEdges((e) => (e.left === left && e.right === right ? e : { left, right }));
    };
    measure();
    el.addEventListener('scroll', measure, { passive: true });
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => {
      el.removeEventListener('scroll', measure);
      observer.disconnect();
    };
  }, [ref, content]);
  return edges;
}

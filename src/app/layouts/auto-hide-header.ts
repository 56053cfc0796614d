import { useEffect, useRef, useState } from 'react';
import { HEADER_AUTO_HIDE_PX } from '../../core/constants';

/**
 * Spec 2.3: with autoHideHeader the fixed header hides once the page has scrolled past 100 px
 * while scrolling down, and comes back on any scroll up or near the top.
 */
export function nextHeaderVisible(previousTop: number, top: number, visible: boolean): boolean {
  if (top < previousTop || top <= HEADER_AUTO_HIDE_PX) return true;
  return top > previousTop ? false : visible;
}

export function useAutoHideHeader(enabled: boolean): boolean {
  const [visible, setVisible] = useState(true);
  const last = useRef(0);
  useEffect(() => {
    if (!enabled) return;
    let ticking = false;
    const onScroll = () => {
      if (ticking) return;
      ticking = true;
      requestAnimationFrame(() => {
        const top = window.scrollY;
        setVisible((v) => nextHeaderVisible(last.current, top, v));
        last.current = top;
        ticking = false;
      });
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [enabled]);
  return enabled ? visible : true;
}

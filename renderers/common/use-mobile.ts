import { useSyncExternalStore } from 'react';
import { MOBILE_MAX_WIDTH } from '../../src/core/constants';

/**
 * The shell's mobile width (src/app/layouts/device.ts reads the same constant): renderers
 * never import src/app (renderers/providers.tsx), so they follow the window through a media query
 * on that breakpoint rather than a second one of their own.
 */
const QUERY = `(max-width: ${MOBILE_MAX_WIDTH}px)`;

function subscribe(changed: () => void): () => void {
  const media = window.matchMedia(QUERY);
  media.addEventListener('change', changed);
  return () => media.removeEventListener('change', changed);
}

const snapshot = () => window.matchMedia(QUERY).matches;

/** whether the window is at the mobile width, following its resizes */
export function useMobile(): boolean {
  return useSyncExternalStore(subscribe, snapshot, () => false);
}

import type { settings } from '../stores/settings';

type Settings = Pick<typeof settings, 'fixedHeader' | 'layoutMode'>;

/**
 * Which drawer controls are live: auto-hide only with a fixed header, the fixed sidebar
 * not in top-menu layout, and the content width only matters for the top-menu layout (as in the
 * original, whose side-menu content always fills the width).
 */
export function settingsControls(s: Settings) {
  return {
    autoHideDisabled: !s.fixedHeader,
    fixSiderbarDisabled: s.layoutMode === 'topmenu',
    contentWidthApplies: s.layoutMode === 'topmenu',
  };
}

import { proxy, subscribe } from 'valtio';
import { DEFAULT_PRIMARY_COLOR, STORAGE_KEYS } from '../../core/constants';
import { storage } from '../storage';

export type NavTheme = 'dark' | 'light';
export type LayoutMode = 'sidemenu' | 'topmenu';
export type ContentWidth = 'Fixed' | 'Fluid';
export type Device = 'desktop' | 'tablet' | 'mobile';

/** App settings; each persisted under its key in STORAGE_KEYS (src/core/constants.ts) (no expiry). */
const persisted = {
  navTheme: [STORAGE_KEYS.theme, 'light'],
  layoutMode: [STORAGE_KEYS.layoutMode, 'sidemenu'],
  primaryColor: [STORAGE_KEYS.color, DEFAULT_PRIMARY_COLOR],
  colorWeak: [STORAGE_KEYS.colorWeak, false],
  fixedHeader: [STORAGE_KEYS.fixedHeader, true],
  fixSiderbar: [STORAGE_KEYS.fixedSidemenu, true],
  autoHideHeader: [STORAGE_KEYS.fixedHeaderHidden, false],
  contentWidth: [STORAGE_KEYS.contentWidth, 'Fixed'],
  multipage: [STORAGE_KEYS.multiPage, true],
  sidebarOpened: [STORAGE_KEYS.sidebarType, true],
} as const;

type Persisted = {
  -readonly [K in keyof typeof persisted]: (typeof persisted)[K][1] extends boolean ? boolean : string;
};

function load(): Persisted {
  const out = {} as Record<string, unknown>;
  for (const [k, [key, fallback]] of Object.entries(persisted)) out[k] = storage.get(key) ?? fallback;
  return out as Persisted;
}

export const settings = proxy({
  ...(load() as Persisted & { navTheme: NavTheme; layoutMode: LayoutMode; contentWidth: ContentWidth }),
  device: 'desktop' as Device,
});

subscribe(settings, () => {
  for (const [k, [key]] of Object.entries(persisted)) storage.set(key, settings[k as keyof Persisted], null);
});

/**
 * turning the fixed header off also turns auto-hide off; top-menu layout cannot fix the sidebar.
 * The same two rules refuse auto-hide without a fixed header and a fixed sidebar in top-menu layout.
 */
export function updateSetting<K extends keyof Persisted>(key: K, value: Persisted[K]): void {
  if (key === 'autoHideHeader' && value === true && !settings.fixedHeader) return;
  if (key === 'fixSiderbar' && value === true && settings.layoutMode === 'topmenu') return;
  (settings as Persisted)[key] = value;
  if (key === 'fixedHeader' && value === false) settings.autoHideHeader = false;
  if (key === 'layoutMode' && value === 'topmenu') settings.fixSiderbar = false;
}

import { theme, type ThemeConfig } from 'antd';
import { DEFAULT_PRIMARY_COLOR } from '../../core/constants';
import { t } from '../i18n/i18n';
import { updateSetting, type NavTheme } from '../stores/settings';
import { mix, readableOn } from './contrast';

export const DARK_NAV = '#001529';
const DARK_SUBMENU = '#000c17';
const PAGE_BG = '#f0f2f5';
/** secondary text (descriptions, statistic titles, empty states): antd's 0.45 black reads 3.4:1, below AA */
const SECONDARY_TEXT = 'rgba(0, 0, 0, 0.6)';
/** placeholders: antd's #bfbfbf reads 1.8:1 on white; 0.55 black reads 4.7:1 */
const PLACEHOLDER_TEXT = 'rgba(0, 0, 0, 0.55)';
/** error text and marks: antd's #ff4d4f reads 3.3:1 on white */
const ERROR = readableOn('#ff4d4f');

/**
 * The antd theme for the app's ConfigProvider: the primary colour as a token (antd 6 derives the
 * palette at runtime, so "compiling" the theme is just a token change) and the dark/light nav.
 * AppProviders.tsx: <ConfigProvider theme={themeConfig(useSnapshot(settings))}>.
 */
export function themeConfig(s: { primaryColor: string; navTheme: NavTheme | string }): ThemeConfig {
  const primary = isColor(s.primaryColor) ? s.primaryColor : DEFAULT_PRIMARY_COLOR;
  // text in the theme colour (links, the selected menu item and tab) in a shade that reads as text;
  // the selected menu item's background is about the theme colour's lightest tint
  const link = readableOn(primary);
  const selectedText = readableOn(primary, mix(primary, '#ffffff', 0.9));
  return {
    algorithm: theme.defaultAlgorithm,
    // a fixed key, not antd's per-render id: the build's login page (scripts/build/login-shell.ts)
    // and the browser then name the same theme, and antd reuses the styles index.html carries
    cssVar: { key: 'css-var-app' },
    token: {
      colorPrimary: primary,
      colorInfo: primary,
      colorLink: link,
      colorTextDescription: SECONDARY_TEXT,
      colorTextTertiary: SECONDARY_TEXT,
      colorTextPlaceholder: PLACEHOLDER_TEXT,
      colorError: ERROR,
    },
    components: {
      // the side-menu header stays white; the top-menu header follows the nav theme (GlobalHeader)
      Layout: {
        bodyBg: PAGE_BG,
        headerBg: '#ffffff',
        headerPadding: '0 12px',
        siderBg: DARK_NAV,
        lightSiderBg: '#ffffff',
        footerBg: PAGE_BG,
      },
      Menu: {
        darkItemBg: DARK_NAV,
        darkSubMenuItemBg: DARK_SUBMENU,
        darkPopupBg: DARK_NAV,
        darkItemSelectedBg: primary,
        itemSelectedColor: selectedText,
        // the open submenu holding the selected item, and the top menu's selected item, on white
        subMenuItemSelectedColor: link,
        horizontalItemSelectedColor: link,
      },
      Tabs: { itemSelectedColor: link, itemActiveColor: link },
      // white on a primary button and the theme colour on its pale tint (status tags) read 4.5:1 too:
      // the default #01a0e6 reads 2.9:1 under white; hover and pressed shades derive from this one
      Button: { colorPrimary: link, algorithm: true },
      Tag: { colorInfo: selectedText },
    },
  };
}

export function isColor(value: unknown): value is string {
  return typeof value === 'string' && /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.test(value);
}

/** the message API the drawer passes in (antd message.useMessage), so the loading toast follows the theme */
export interface ThemeMessages {
  loading: (content: string, duration?: number) => () => void;
  error: (content: string) => unknown;
}

export const THEME_FAILED = 'Failed to update theme';

/**
 * Spec 4 "Theme compile": a loading message while the colour is applied, the error
 * 'Failed to update theme' if it cannot be. Resolves once the next frame has painted.
 */
export async function applyPrimaryColor(color: string, messages: ThemeMessages): Promise<boolean> {
  const hide = messages.loading(t('settings.compiling'), 0);
  try {
    if (!isColor(color)) throw new Error(`not a colour: ${color}`);
    updateSetting('primaryColor', color);
    await new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
    return true;
  } catch {
    messages.error(THEME_FAILED);
    return false;
  } finally {
    hide();
  }
}

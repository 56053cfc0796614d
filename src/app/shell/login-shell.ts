import { STORAGE_KEYS } from '../../core/constants';
import { PLATFORM_INFO_KEY } from '../layouts/platform';

/**
 * A first visit to the login page paints the page from index.html, before any script has run: the
 * build renders the real login page once on Node (render-login-shell.tsx, called by the build's
 * login-shell plugin in vite.config.ts) and writes its markup and antd's styles into index.html.
 * The app replaces the markup on its first render; antd reuses the styles instead of generating
 * them again, on every route.
 */
export const SHELL_CLASS = 'login-shell';

/** the element in #root that holds the static page, beside index.html's boot message */
const STATIC_PAGE_CLASS = 'static-login-page';

/** the static page or the boot message, by the class the script below sets */
export const SHELL_TOGGLE_CSS =
  `#root>.${STATIC_PAGE_CLASS}{display:none}` +
  `.${SHELL_CLASS} #root>.${STATIC_PAGE_CLASS}{display:block}.${SHELL_CLASS} #root>.boot{display:none}`;

/**
 * The static page's markup in its holder: inert, since it does nothing until the app replaces it
 * (no focus, no typing that would be lost); aria-disabled, so automated tests wait for the live page.
 */
export function staticPage(markup: string): string {
  return `<div class="${STATIC_PAGE_CLASS}" inert aria-disabled="true">${markup}</div>`;
}

/**
 * index.html's inline script, run before the body is parsed: the static page shows only where it is
 * exactly what the app will render, on /user/login for a visitor without a session, a remembered
 * user name, a theme colour or platform info of their own.
 */
export function shellScript(): string {
  const own = [STORAGE_KEYS.accessToken, STORAGE_KEYS.username, STORAGE_KEYS.color, PLATFORM_INFO_KEY];
  return (
    `try{if(location.pathname==='/user/login'&&!${JSON.stringify(own)}.some(function(k){return localStorage.getItem(k)}))` +
    `document.documentElement.classList.add('${SHELL_CLASS}')}catch(e){}`
  );
}

/** the app renders once the login page's code has arrived: the static page is replaced by the same page, not a spinner */
export function showsLoginShell(): boolean {
  return document.documentElement.classList.contains(SHELL_CLASS);
}

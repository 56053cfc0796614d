import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { AppProviders } from '../AppProviders';
import { AppRoutes } from '../router/AppRoutes';
import { SHELL_TOGGLE_CSS, shellScript, staticPage } from './login-shell';

export interface LoginShell {
  /** the login page as the app renders it for a first visit, in its holder for #root */
  markup: string;
  /** antd's style tags for it, with the cache map that lets antd in the browser reuse them */
  antdStyles: string;
  /** the inline script and the CSS that show the markup only where it applies (login-shell.ts) */
  toggle: { script: string; css: string };
}

/** Run on Node by the build (vite.config.ts), with an empty local storage: a first visit. */
export async function renderLoginShell(): Promise<LoginShell> {
  const cache = createCache();
  const { prelude } = await prerenderToNodeStream(
    <StyleProvider cache={cache}>
      <AppProviders>
        <StaticRouter location="/user/login">
          <AppRoutes />
        </StaticRouter>
      </AppProviders>
    </StyleProvider>,
  );
  let markup = '';
  for await (const chunk of prelude) markup += chunk;
  return {
    markup: staticPage(markup),
    antdStyles: extractStyle(cache),
    toggle: { script: shellScript(), css: SHELL_TOGGLE_CSS },
  };
}

import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { AppProviders } from './AppProviders';
import { setLocale } from './i18n/i18n';
import { storedLocale } from './i18n/stored-locale';
import { AppRendererProviders } from './renderer-providers';
import { AppRoutes, Login } from './router/AppRoutes';
import { showsLoginShell } from './shell/login-shell';

function render() {
  const root = createRoot(document.getElementById('root')!);
  // a transition renders in slices that yield to the browser: the first render is not one long task
  startTransition(() =>
    root.render(
      <StrictMode>
        <AppProviders>
          <AppRendererProviders>
            <BrowserRouter>
              <AppRoutes />
            </BrowserRouter>
          </AppRendererProviders>
        </AppProviders>
      </StrictMode>,
    ),
  );
}

/** a browser that chose another language than the default gets it before the first render */
const language = storedLocale();
const ready = language ? setLocale(language).catch(() => undefined) : Promise.resolve();

// index.html already shows the login page: replace it by the same page, not by a spinner in between
if (showsLoginShell()) void Promise.all([Login.preload(), ready]).then(render, render);
else void ready.then(render);

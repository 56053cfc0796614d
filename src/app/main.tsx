import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { AppProviders } from './AppProviders';
import { AppRendererProviders } from './renderer-providers';
import { AppRoutes, Login } from './router/AppRoutes';
import { showsLoginShell } from './shell/login-shell';

dayjs.locale('zh-cn');

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

// index.html already shows the login page: replace it by the same page, not by a spinner in between
if (showsLoginShell()) void Login.preload().then(render, render);
else render();

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';

import { initI18n } from '../i18n/i18n';
import type { AppRoute } from '../routes/route-table';
import { restoreSession } from '../session/session-store';
import { initTheme } from '../theme/theme';
import { AppProviders } from './AppProviders';
import type { AppKind } from './app-kind';
import { createAppRouter } from './router';

/** Boots one application: theme, language and the stored session first, then the first render. */
export async function startApp(app: AppKind, routes: readonly AppRoute[]): Promise<void> {
  initTheme();
  await initI18n();
  await restoreSession();
  const container = document.getElementById('root');
  if (!container) throw new Error('the page has no #root element');
  const router = createAppRouter(app, routes);
  createRoot(container).render(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
}

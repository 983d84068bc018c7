import { lazy, Suspense } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';

import { RequireSession } from '../layout/RequireSession';
import { HomeRedirect } from '../pages/HomeRedirect';
import { NotFoundPage } from '../pages/NotFoundPage';
import { PageGate } from '../pages/PageGate';
import { RouteErrorPage } from '../pages/RouteErrorPage';
import { type AppRoute, flattenRoutes } from '../routes/route-table';
import type { PageHandle } from '../routes/useCurrentRoute';
import { type AppKind, routerBasename } from './app-kind';

/**
 * The signed-in shell (header, side menu, breadcrumbs, company switcher, user menu, the data cache) is
 * its own chunk, loaded once a session exists: the sign-in page does not download it. The error and not-found pages
 * stay in the start-up chunk, so they show even when a chunk cannot be loaded.
 */
const SignedInShell = lazy(() => import('./SignedInShell'));
/**
 * The sign-in form is a chunk too: a signed-in page (the device list…) does not download the form, its
 * password field and their icons at start-up (bench/README.md "Start-up JavaScript").
 */
const SignPage = lazy(() => import('../pages/SignPage').then((m) => ({ default: m.SignPage })));

/** The router objects of one application, built from its route table. */
export function appRouteObjects(app: AppKind, routes: readonly AppRoute[]): RouteObject[] {
  const pages: RouteObject[] = flattenRoutes(routes).map((flat) => ({
    path: flat.fullPath.slice(1),
    element: <PageGate flat={flat} />,
    errorElement: <RouteErrorPage />,
    handle: { flat } satisfies PageHandle,
  }));
  return [
    {
      path: 'sign.html',
      element: (
        <Suspense fallback={null}>
          <SignPage app={app} />
        </Suspense>
      ),
    },
    { path: 'index.html', element: <Navigate to="/" replace /> },
    {
      element: <RequireSession app={app} />,
      children: [
        {
          element: (
            <Suspense fallback={null}>
              <SignedInShell routes={routes} />
            </Suspense>
          ),
          errorElement: <RouteErrorPage />,
          children: [
            { index: true, element: <HomeRedirect routes={routes} /> },
            ...pages,
            // Unknown paths: the not-found page inside the shell (RequireSession shows it on its own
            // to a signed-out visitor instead of sending them to sign in).
            { path: '*', element: <NotFoundPage inShell /> },
          ],
        },
      ],
    },
  ];
}

/** The browser router of one application, mounted under its base path. */
export function createAppRouter(app: AppKind, routes: readonly AppRoute[]) {
  return createBrowserRouter(appRouteObjects(app, routes), { basename: routerBasename(app) });
}

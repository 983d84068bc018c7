import { Spin } from 'antd';
import { useEffect } from 'react';
import { Navigate, Outlet, useLocation, useParams } from 'react-router';

import { type AppKind, appForUserType, appPath } from '../app/app-kind';
import { NotFoundPage } from '../pages/NotFoundPage';
import { useSession } from '../session/useSession';

/**
 * Guards the authenticated area: signed-out users go to sign.html (with the page to return to), or
 * see the not-found page on its own for a path the application does not know; a session that belongs
 * to the other application (spec §6 user types) is sent there.
 */
export function RequireSession({ app }: { app: AppKind }) {
  const session = useSession();
  const location = useLocation();
  // The shell's catch-all route matched: the path is not a page of this application.
  const unknownPath = useParams()['*'] !== undefined;
  const home = session ? appForUserType(session.result.userType) : app;

  useEffect(() => {
    if (home !== app) window.location.replace(appPath(home));
  }, [home, app]);

  if (!session) {
    if (unknownPath) return <NotFoundPage />;
    const back = `${location.pathname}${location.search}`;
    const query = back === '/' ? '' : `?redirect=${encodeURIComponent(back)}`;
    return <Navigate to={`/sign.html${query}`} replace />;
  }
  if (home !== app) return <Spin fullscreen />;
  return <Outlet />;
}

import { Spin } from 'antd';
import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';

import { type AppKind, appForUserType, appPath } from '../app/app-kind';
import { useSession } from '../session/useSession';

/**
 * Guards the authenticated area: signed-out users go to sign.html (with the page to return to), and a
 * session that belongs to the other application (spec §6 user types) is sent there.
 */
export function RequireSession({ app }: { app: AppKind }) {
  const session = useSession();
  const location = useLocation();
  const home = session ? appForUserType(session.result.userType) : app;

  useEffect(() => {
    if (home !== app) window.location.replace(appPath(home));
  }, [home, app]);

  if (!session) {
    const back = `${location.pathname}${location.search}`;
    const query = back === '/' ? '' : `?redirect=${encodeURIComponent(back)}`;
    return <Navigate to={`/sign.html${query}`} replace />;
  }
  if (home !== app) return <Spin fullscreen />;
  return <Outlet />;
}

import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';

import { usePermissions } from '../permissions/usePermissions';
import { firstPermittedPath } from '../routes/menu';
import type { AppRoute } from '../routes/route-table';
import { StatusPage } from './StatusPage';

/** The application root: sends the user to the first page the menu offers them. */
export function HomeRedirect({ routes }: { routes: readonly AppRoute[] }) {
  const { t } = useTranslation();
  const { authorities } = usePermissions();
  const target = useMemo(() => firstPermittedPath(routes, authorities), [routes, authorities]);
  if (target) return <Navigate to={target} replace />;
  return (
    <StatusPage
      status="info"
      title={t('shell.noPages.title')}
      subTitle={t('shell.noPages.subtitle')}
      data-testid="no-pages"
    />
  );
}

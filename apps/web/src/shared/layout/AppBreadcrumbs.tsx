import { Breadcrumb } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { joinPath } from '../routes/route-table';
import { useCurrentRoute } from '../routes/useCurrentRoute';

/** Breadcrumbs from the authenticated root (Home) down the route table to the current page. */
export function AppBreadcrumbs() {
  const { t } = useTranslation();
  const current = useCurrentRoute();
  const items: { key: string; title: ReactNode }[] = [
    { key: '/', title: <Link to="/">{t('shell.home')}</Link> },
  ];
  let path = '';
  current?.trail.forEach((route, index) => {
    path = joinPath(path, route.path);
    const last = index === current.trail.length - 1;
    // Groups have no page of their own, so they are plain text; so is the page being shown.
    const title =
      route.page && !last ? (
        <Link key={path} to={path}>
          {t(route.titleKey)}
        </Link>
      ) : (
        t(route.titleKey)
      );
    items.push({ key: path, title });
  });
  return <Breadcrumb items={items} style={{ marginBottom: 16 }} data-testid="breadcrumbs" />;
}

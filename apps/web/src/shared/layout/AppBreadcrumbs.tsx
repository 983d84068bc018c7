import { theme } from 'antd';
import { type CSSProperties, Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { joinPath } from '../routes/route-table';
import { useCurrentRoute } from '../routes/useCurrentRoute';

const CRUMB_CSS =
  '.sf-crumb a{color:inherit;text-decoration:none;border-radius:4px;padding:0 4px;margin:0 -4px}' +
  '.sf-crumb a:hover{color:var(--sf-crumb-hover);background:var(--sf-crumb-hover-bg)}';

/**
 * Breadcrumbs from the authenticated root (Home) down the route table to the current page. Drawn like
 * antd's Breadcrumb but without it: antd's brings Dropdown and Menu to every signed-in page
 * (docs/decisions/web.md "What loads when").
 */
export function AppBreadcrumbs() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
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
  const muted = token.colorTextDescription;
  return (
    <nav
      aria-label={t('shell.breadcrumbs')}
      data-testid="breadcrumbs"
      style={
        {
          marginBottom: 16,
          '--sf-crumb-hover': token.colorText,
          '--sf-crumb-hover-bg': token.colorBgTextHover,
        } as CSSProperties
      }
    >
      <ol
        style={{
          display: 'flex',
          flexWrap: 'wrap',
          listStyle: 'none',
          margin: 0,
          padding: 0,
          fontSize: token.fontSize,
          lineHeight: token.lineHeight,
          color: muted,
        }}
      >
        {items.map((item, index) => {
          const last = index === items.length - 1;
          return (
            <Fragment key={item.key}>
              {index > 0 ? (
                <li aria-hidden="true" style={{ marginInline: token.marginXS }}>
                  /
                </li>
              ) : null}
              <li
                className="sf-crumb"
                aria-current={last ? 'page' : undefined}
                style={last ? { color: token.colorText } : undefined}
              >
                {item.title}
              </li>
            </Fragment>
          );
        })}
      </ol>
      <style href="storefleet-breadcrumbs" precedence="medium">
        {CRUMB_CSS}
      </style>
    </nav>
  );
}

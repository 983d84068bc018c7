import { AuthEndpoints } from '@storefleet/contracts';
import { useQuery } from '@tanstack/react-query';
import { Layout, Space, theme } from 'antd';
import { useEffect } from 'react';
import { Outlet } from 'react-router';

import { apiQuery } from '../api/call';
import type { AppRoute } from '../routes/route-table';
import { applyMe } from '../session/session-store';
import { AppBreadcrumbs } from './AppBreadcrumbs';
import { AppRoutesContext } from './app-routes-context';
import { CompanySwitcher } from './CompanySwitcher';
import { HeaderLogo } from './HeaderLogo';
import { HeaderSearch } from './HeaderSearch';
import { LanguageSwitcher } from './LanguageSwitcher';
import { OpenAlertsBadge } from './OpenAlertsBadge';
import { SideMenu } from './SideMenu';
import { ThemeToggle } from './ThemeToggle';
import { UserMenu } from './UserMenu';

/**
 * The authenticated frame of both applications: header (logo, global search, company, language, theme,
 * user menu), side menu, breadcrumbs and the page. Pages read the application's route table from
 * `AppRoutesContext`.
 */
export function ShellLayout({ routes }: { routes: readonly AppRoute[] }) {
  const { token } = theme.useToken();

  // The stored sign-in result may be stale (codes changed, company added): refresh it once per load.
  // A dead token answers 401 here, which signs the user out through the request client.
  const me = useQuery({ ...apiQuery(AuthEndpoints.me), staleTime: Number.POSITIVE_INFINITY });
  useEffect(() => {
    if (me.data) void applyMe(me.data);
  }, [me.data]);

  return (
    <AppRoutesContext.Provider value={routes}>
      <Layout style={{ minHeight: '100vh' }}>
        <Layout.Header
          style={{
            display: 'flex',
            alignItems: 'center',
            gap: 16,
            paddingInline: 24,
            background: token.colorBgContainer,
            borderBottom: `1px solid ${token.colorBorderSecondary}`,
          }}
        >
          <HeaderLogo />
          <div style={{ flex: 1 }} />
          <HeaderSearch />
          <Space size="small">
            <OpenAlertsBadge />
            <CompanySwitcher />
            <LanguageSwitcher />
            <ThemeToggle />
            <UserMenu />
          </Space>
        </Layout.Header>
        <Layout>
          {/* antd's "dark" Sider is navy; the "light" one follows the algorithm, so it is right in both themes. */}
          <Layout.Sider width={224} breakpoint="lg" collapsedWidth={0} theme="light">
            <SideMenu routes={routes} />
          </Layout.Sider>
          <Layout.Content style={{ padding: 24, minWidth: 0 }}>
            <AppBreadcrumbs />
            <Outlet />
          </Layout.Content>
        </Layout>
      </Layout>
    </AppRoutesContext.Provider>
  );
}

/**
 * The admin application's route table (platform users, served under `/admin/`). Same rules as the
 * company table in `src/company/routes.tsx`: one entry per page, paths relative to `/admin/`
 * (`user/index.html` → `/admin/user/index.html`), `codes` from `MODULE`/`PAGE` in the contracts,
 * `titleKey` from `menu.*`, `hidden: true` for pages kept out of the menu (`agent-version/new.html`),
 * and pages under `src/admin/pages/<module>/<page>.tsx` loaded with `lazy(() => import(…))`.
 */
import { FileSearchOutlined, TeamOutlined, UserOutlined, WifiOutlined } from '@ant-design/icons';
import { MODULE, PAGE } from '@storefleet/contracts';
import { lazy } from 'react';

import type { AppRoute } from '../shared/routes/route-table';

export const adminRoutes: readonly AppRoute[] = [
  {
    path: 'user',
    titleKey: 'menu.user',
    codes: [MODULE.user],
    icon: <UserOutlined />,
    children: [
      {
        path: 'index.html',
        titleKey: 'menu.user.list',
        codes: [PAGE.userList],
        page: lazy(() => import('./pages/user/index')),
      },
      {
        path: 'save.html',
        titleKey: 'menu.user.save',
        codes: [PAGE.userList],
        hidden: true,
        page: lazy(() => import('./pages/user/save')),
      },
      {
        path: 'update.html',
        titleKey: 'menu.user.update',
        codes: [PAGE.userList],
        hidden: true,
        page: lazy(() => import('./pages/user/update')),
      },
    ],
  },
  {
    path: 'role',
    titleKey: 'menu.role',
    codes: [MODULE.role],
    icon: <TeamOutlined />,
    children: [
      {
        path: 'index.html',
        titleKey: 'menu.role.list',
        codes: [PAGE.roleList],
        page: lazy(() => import('./pages/role/index')),
      },
      {
        path: 'save.html',
        titleKey: 'menu.role.save',
        codes: [PAGE.roleList],
        hidden: true,
        page: lazy(() => import('./pages/role/save')),
      },
      {
        path: 'update.html',
        titleKey: 'menu.role.update',
        codes: [PAGE.roleList],
        hidden: true,
        page: lazy(() => import('./pages/role/update')),
      },
    ],
  },
  {
    path: 'net-test',
    titleKey: 'menu.netTest',
    codes: [MODULE.netTest],
    icon: <WifiOutlined />,
    children: [
      {
        path: 'index.html',
        titleKey: 'menu.netTest.list',
        page: lazy(() => import('./pages/net-test/index')),
      },
    ],
  },
  {
    path: 'operation-log/index.html',
    titleKey: 'menu.operationLog',
    codes: [MODULE.callLog],
    icon: <FileSearchOutlined />,
    page: lazy(() => import('../shared/pages/operation-log/OperationLogPage')),
  },
];

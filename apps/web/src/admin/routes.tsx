/**
 * The admin application's route table (platform users, served under `/admin/`). Same rules as the
 * company table in `src/company/routes.tsx`: one entry per page, paths relative to `/admin/`
 * (`user/index.html` → `/admin/user/index.html`), `codes` from `MODULE`/`PAGE` in the contracts,
 * `titleKey` from `menu.*`, `hidden: true` for pages kept out of the menu (`agent-version/new.html`),
 * and pages under `src/admin/pages/<module>/<page>.tsx` loaded with `lazy(() => import(…))`.
 */
import {
  CloudUploadOutlined,
  FileSearchOutlined,
  TeamOutlined,
  UserOutlined,
  WifiOutlined,
} from '@ant-design/icons';
import { BUTTON, MODULE, PAGE } from '@storefleet/contracts';
import { lazy } from 'react';

import { type AppRoute, listModule } from '../shared/routes/route-table';

export const adminRoutes: readonly AppRoute[] = [
  listModule(
    { path: 'user', titleKey: 'menu.user', codes: [MODULE.user], icon: <UserOutlined /> },
    PAGE.userList,
    {
      index: () => import('./pages/user/index'),
      save: () => import('./pages/user/save'),
      update: () => import('./pages/user/update'),
    },
    { formCodes: { save: [BUTTON.userAdd], update: [BUTTON.userUpdate] } },
  ),
  listModule(
    { path: 'role', titleKey: 'menu.role', codes: [MODULE.role], icon: <TeamOutlined /> },
    PAGE.roleList,
    {
      index: () => import('./pages/role/index'),
      save: () => import('./pages/role/save'),
      update: () => import('./pages/role/update'),
    },
    { formCodes: { save: [BUTTON.roleAdd], update: [BUTTON.roleUpdate] } },
  ),
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
      {
        path: 'new.html',
        titleKey: 'menu.netTest.new',
        hidden: true,
        page: lazy(() => import('./pages/net-test/new')),
      },
    ],
  },
  {
    path: 'agent-version',
    titleKey: 'menu.agentVersion',
    codes: [MODULE.version],
    icon: <CloudUploadOutlined />,
    children: [
      {
        path: 'index.html',
        titleKey: 'menu.agentVersion',
        page: lazy(() => import('./pages/agent-version/index')),
      },
      {
        path: 'new.html',
        titleKey: 'menu.agentVersion.new',
        hidden: true,
        buttonCodes: [BUTTON.versionUpload],
        page: lazy(() => import('./pages/agent-version/new')),
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

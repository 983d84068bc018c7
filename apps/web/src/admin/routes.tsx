/**
 * The admin application's route table (platform users, served under `/admin/`). Same rules as the
 * company table in `src/company/routes.tsx`: one entry per page, paths relative to `/admin/`
 * (`user/index.html` → `/admin/user/index.html`), `codes` from `MODULE`/`PAGE` in the contracts,
 * `titleKey` from `menu.*`, `hidden: true` for pages kept out of the menu (`agent-version/new.html`),
 * and pages under `src/admin/pages/<module>/<page>.tsx` loaded with `lazy(() => import(…))`.
 */
import { CloudUploadOutlined, WifiOutlined } from '@ant-design/icons';
import { BUTTON, MODULE } from '@storefleet/contracts';
import { lazy } from 'react';

import { consoleAdminRoutes } from '../shared/routes/console-admin-routes';
import type { AppRoute } from '../shared/routes/route-table';

export const adminRoutes: readonly AppRoute[] = consoleAdminRoutes(
  'admin',
  {
    icon: <WifiOutlined />,
    index: () => import('./pages/net-test/index'),
    new: () => import('./pages/net-test/new'),
  },
  [
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
  ],
);

/**
 * The admin application's route table (platform users, served under `/admin/`). Same rules as the
 * company table in `src/company/routes.tsx`: one entry per page, paths relative to `/admin/`
 * (`user/index.html` → `/admin/user/index.html`), `codes` from `MODULE`/`PAGE` in the contracts,
 * `titleKey` from `menu.*`, `hidden: true` for pages kept out of the menu (`agent-version/new.html`),
 * and pages under `src/admin/pages/<module>/<page>.tsx` loaded with `lazy(() => import(…))`.
 */
import { FileSearchOutlined } from '@ant-design/icons';
import { MODULE } from '@storefleet/contracts';
import { lazy } from 'react';

import type { AppRoute } from '../shared/routes/route-table';

export const adminRoutes: readonly AppRoute[] = [
  {
    path: 'operation-log/index.html',
    titleKey: 'menu.operationLog',
    codes: [MODULE.callLog],
    icon: <FileSearchOutlined />,
    page: lazy(() => import('../shared/pages/operation-log/OperationLogPage')),
  },
];

/**
 * The company application's route table: the one place that declares its pages. The router, side
 * menu, breadcrumbs, home redirect and page permission check are all derived from it.
 *
 * To add a page:
 * 1. Write it as a default export under `src/company/pages/<module>/<page>.tsx`.
 * 2. Add an entry here, in menu order, nested under its module group as the spec's route table reads:
 *    ```tsx
 *    {
 *      path: 'device',                       // the module group: no page, just a menu group
 *      titleKey: 'menu.device',
 *      codes: [MODULE.device],               // menu codes (authorities), all required
 *      icon: <DesktopOutlined />,
 *      children: [
 *        { path: 'index.html', titleKey: 'menu.device.monitored', codes: [PAGE.deviceMonitored],
 *          page: lazy(() => import('./pages/device/index')) },
 *        { path: 'details.html', titleKey: 'menu.device.details', hidden: true,    // routable, not in menu
 *          page: lazy(() => import('./pages/device/details')) },
 *      ],
 *    }
 *    ```
 *    Full paths come from nesting: `/device/index.html`. A page with an id uses `store/:id.html`.
 * 3. The title key exists in `src/locales/*\/menu.ts` for every spec route; add one if yours is new.
 * 4. Buttons inside the page use `<Access codes={[BUTTON.x]}>`; menu codes come from `MODULE`/`PAGE`.
 * An entry with `externalUrl` instead of `page` is a menu link that opens in a new tab.
 */
import { FileSearchOutlined } from '@ant-design/icons';
import { MODULE } from '@storefleet/contracts';
import { lazy } from 'react';

import type { AppRoute } from '../shared/routes/route-table';

export const companyRoutes: readonly AppRoute[] = [
  {
    path: 'operation-log/index.html',
    titleKey: 'menu.operationLog',
    codes: [MODULE.callLog],
    icon: <FileSearchOutlined />,
    page: lazy(() => import('../shared/pages/operation-log/OperationLogPage')),
  },
];

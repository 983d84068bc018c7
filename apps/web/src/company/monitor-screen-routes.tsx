import { FundProjectionScreenOutlined } from '@ant-design/icons';
import { MODULE } from '@storefleet/contracts';
import { lazy } from 'react';

import type { AppRoute } from '../shared/routes/route-table';

/**
 * The monitor screen's pages: the overview in the menu, and one hidden screen per place level it drills
 * down to (region, province, city; docs/decisions/dashboards.md).
 */
export const monitorScreenRoutes: AppRoute = {
  path: 'monitor-screen',
  titleKey: 'menu.monitorScreen',
  codes: [MODULE.monitorScreen],
  icon: <FundProjectionScreenOutlined />,
  children: [
    {
      path: 'index.html',
      titleKey: 'menu.monitorScreen.overview',
      page: lazy(() => import('./pages/monitor-screen/index')),
    },
    {
      path: 'region.html',
      titleKey: 'menu.monitorScreen.region',
      hidden: true,
      page: lazy(() => import('./pages/monitor-screen/place')),
    },
    {
      path: 'province.html',
      titleKey: 'menu.monitorScreen.province',
      hidden: true,
      page: lazy(() => import('./pages/monitor-screen/place')),
    },
    {
      path: 'city.html',
      titleKey: 'menu.monitorScreen.city',
      hidden: true,
      page: lazy(() => import('./pages/monitor-screen/city')),
    },
  ],
};

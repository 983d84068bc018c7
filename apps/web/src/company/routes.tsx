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
 *    A form page opened by a button also names that button's code (`buttonCodes`, or `formCodes` of
 *    `listModule`): without it the user gets the 403 page, never a form refused on save.
 * A module of a list page with hidden save.html/update.html form pages is one `listModule(…)` call
 * (its fourth argument names a list title of the spec's own and adds the module's other pages).
 * An entry with `externalUrl` instead of `page` is a menu link that opens in a new tab.
 */
import {
  AlertOutlined,
  ApiOutlined,
  BellOutlined,
  CarryOutOutlined,
  CloudUploadOutlined,
  DashboardOutlined,
  DesktopOutlined,
  RadarChartOutlined,
  SettingOutlined,
  ShopOutlined,
} from '@ant-design/icons';
import { BUTTON, MODULE, PAGE } from '@storefleet/contracts';
import { lazy } from 'react';
import { consoleAdminRoutes } from '../shared/routes/console-admin-routes';
import { type AppRoute, listModule } from '../shared/routes/route-table';
import { monitorScreenRoutes } from './monitor-screen-routes';

export const companyRoutes: readonly AppRoute[] = [
  monitorScreenRoutes,
  {
    path: 'dashboard/dashboard.html',
    titleKey: 'menu.dashboard',
    codes: [MODULE.dashboard],
    icon: <DashboardOutlined />,
    // The dashboard is the home of everyone who holds it (docs/decisions/dashboards.md).
    homeUnless: [],
    page: lazy(() => import('./pages/dashboard/index')),
  },
  listModule(
    { path: 'stores', titleKey: 'menu.stores', codes: [MODULE.store], icon: <ShopOutlined /> },
    PAGE.storeOverview,
    {
      index: () => import('./pages/stores/index'),
      save: () => import('./pages/stores/save'),
      update: () => import('./pages/stores/update'),
    },
    {
      listTitleKey: 'menu.stores.overview',
      formCodes: { save: [BUTTON.storeAdd], update: [BUTTON.storeUpdate] },
      more: [
        {
          path: 'level/index.html',
          titleKey: 'menu.stores.level',
          codes: [PAGE.levelSetting],
          page: lazy(() => import('./pages/stores/level/index')),
        },
        {
          path: 'store/:id.html',
          titleKey: 'menu.stores.dashboard',
          codes: [PAGE.storeOverview],
          hidden: true,
          page: lazy(() => import('./pages/stores/store/dashboard')),
        },
      ],
    },
  ),
  {
    path: 'device',
    titleKey: 'menu.device',
    codes: [MODULE.device],
    icon: <DesktopOutlined />,
    children: [
      {
        path: 'index.html',
        titleKey: 'menu.device.monitored',
        codes: [PAGE.deviceMonitored],
        page: lazy(() => import('./pages/device/index')),
      },
      {
        path: 'not-monitor.html',
        titleKey: 'menu.device.notMonitored',
        codes: [PAGE.deviceNotMonitored],
        page: lazy(() => import('./pages/device/not-monitor')),
      },
      {
        path: 'inventory.html',
        titleKey: 'menu.device.inventory',
        codes: [PAGE.deviceInventory],
        page: lazy(() => import('./pages/inventory/index')),
      },
      {
        path: 'non-network.html',
        titleKey: 'menu.device.nonNetwork',
        codes: [PAGE.deviceNonNetwork],
        page: lazy(() => import('./pages/inventory/non-network')),
      },
      {
        path: 'gateway.html',
        titleKey: 'menu.device.gateway',
        codes: [PAGE.gateway],
        page: lazy(() => import('./pages/device/gateway')),
      },
      {
        path: 'device-use.html',
        titleKey: 'menu.device.usage',
        codes: [PAGE.deviceUsage],
        page: lazy(() => import('./pages/usage/device-use')),
      },
      {
        path: 'device-use-list.html',
        titleKey: 'menu.device.usageList',
        codes: [PAGE.deviceUsage],
        page: lazy(() => import('./pages/usage/device-use-list')),
      },
      {
        path: 'device-health-analysis.html',
        titleKey: 'menu.device.health',
        codes: [PAGE.deviceHealth],
        page: lazy(() => import('./pages/health/device-health-analysis')),
      },
      {
        path: 'details.html',
        titleKey: 'menu.device.details',
        hidden: true,
        page: lazy(() => import('./pages/device/details')),
      },
      {
        path: 'android-info.html',
        titleKey: 'menu.device.androidInfo',
        hidden: true,
        page: lazy(() => import('./pages/device/android-info')),
      },
      {
        path: 'syslog.html',
        titleKey: 'menu.device.syslog',
        hidden: true,
        page: lazy(() => import('./pages/device/syslog')),
      },
      {
        path: 'save.html',
        titleKey: 'menu.device.save',
        buttonCodes: [BUTTON.deviceAdd],
        hidden: true,
        page: lazy(() => import('./pages/device/save')),
      },
      {
        path: 'update.html',
        titleKey: 'menu.device.update',
        buttonCodes: [BUTTON.deviceUpdate],
        hidden: true,
        page: lazy(() => import('./pages/device/update')),
      },
    ],
  },
  {
    path: 'dynamic-monitor',
    titleKey: 'menu.dynamicMonitor',
    codes: [MODULE.dynamicMonitor],
    icon: <RadarChartOutlined />,
    children: [
      {
        path: 'index.html',
        titleKey: 'menu.dynamicMonitor.overview',
        page: lazy(() => import('./pages/dynamic-monitor/index')),
      },
      {
        path: 'store/:id.html',
        titleKey: 'menu.dynamicMonitor.store',
        hidden: true,
        page: lazy(() => import('./pages/dynamic-monitor/store')),
      },
    ],
  },
  {
    path: 'alerts',
    titleKey: 'menu.alerts',
    codes: [MODULE.alert],
    icon: <BellOutlined />,
    children: [
      {
        path: 'index.html',
        titleKey: 'menu.alerts.overview',
        codes: [PAGE.alertStore],
        // The problems view is the home of alert users who do not hold the device list.
        homeUnless: [PAGE.deviceMonitored],
        page: lazy(() => import('./pages/alerts/index')),
      },
      {
        path: 'monitor-log.html',
        titleKey: 'menu.alerts.monitorLog',
        codes: [PAGE.alertDynamic],
        page: lazy(() => import('./pages/alerts/monitor-log')),
      },
    ],
  },
  listModule(
    { path: 'alarm-rules', titleKey: 'menu.alarmRules', codes: [MODULE.alarmRules], icon: <AlertOutlined /> },
    PAGE.alarmRulesList,
    {
      index: () => import('./pages/alarm-rules/index'),
      save: () => import('./pages/alarm-rules/save'),
      update: () => import('./pages/alarm-rules/update'),
    },
    { formCodes: { save: [BUTTON.alarmRuleAdd], update: [BUTTON.alarmRuleUpdate] } },
  ),
  {
    path: 'config',
    titleKey: 'menu.config',
    codes: [MODULE.settings],
    icon: <SettingOutlined />,
    children: [
      {
        path: 'alarm/index.html',
        titleKey: 'menu.config.alarm',
        codes: [PAGE.alertSetting],
        page: lazy(() => import('./pages/config/alarm/index')),
      },
      {
        path: 'alarm/details.html',
        titleKey: 'menu.config.alarmDetails',
        codes: [PAGE.alertSetting],
        hidden: true,
        page: lazy(() => import('./pages/config/alarm/details')),
      },
      {
        path: 'alarm/save.html',
        titleKey: 'menu.config.alarmSave',
        codes: [PAGE.alertSetting],
        buttonCodes: [BUTTON.alertSenderEdit],
        hidden: true,
        page: lazy(() => import('./pages/config/alarm/save')),
      },
      {
        path: 'alarm/update.html',
        titleKey: 'menu.config.alarmUpdate',
        codes: [PAGE.alertSetting],
        buttonCodes: [BUTTON.alertSenderEdit],
        hidden: true,
        page: lazy(() => import('./pages/config/alarm/update')),
      },
      {
        path: 'monitor/index.html',
        titleKey: 'menu.config.monitor',
        codes: [PAGE.monitorSetting],
        page: lazy(() => import('./pages/config/monitor/index')),
      },
      {
        path: 'logo/index.html',
        titleKey: 'menu.config.logo',
        codes: [PAGE.logoSetting],
        page: lazy(() => import('./pages/config/logo/index')),
      },
    ],
  },
  ...consoleAdminRoutes('company', {
    icon: <ApiOutlined />,
    index: () => import('./pages/net-test/index'),
    new: () => import('./pages/net-test/new'),
    newButtonCodes: [BUTTON.netTestRun],
  }),
  {
    path: 'version/index.html',
    titleKey: 'menu.version',
    codes: [MODULE.version],
    icon: <CloudUploadOutlined />,
    page: lazy(() => import('./pages/version/index')),
  },
  {
    path: 'task',
    titleKey: 'menu.task',
    codes: [MODULE.task],
    icon: <CarryOutOutlined />,
    children: [
      {
        path: 'task-list.html',
        titleKey: 'menu.task.list',
        page: lazy(() => import('./pages/task/task-list')),
      },
      {
        path: 'pending-devices.html',
        titleKey: 'menu.task.pendingDevices',
        page: lazy(() => import('./pages/task/pending-devices')),
      },
      {
        path: 'task-stages.html',
        titleKey: 'menu.task.stages',
        page: lazy(() => import('./pages/task/task-stages')),
      },
      {
        path: 'save.html',
        titleKey: 'menu.task.save',
        hidden: true,
        buttonCodes: [BUTTON.taskAdd],
        page: lazy(() => import('./pages/task/save')),
      },
      {
        path: 'detail.html',
        titleKey: 'menu.task.detail',
        hidden: true,
        page: lazy(() => import('./pages/task/detail')),
      },
      {
        path: 'device-detail.html',
        titleKey: 'menu.task.deviceDetail',
        hidden: true,
        page: lazy(() => import('./pages/task/device-detail')),
      },
    ],
  },
];

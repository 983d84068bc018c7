/**
 * Every module's routes, registered in this order by buildApp. A new module adds
 * `modules/<domain>/<domain>.routes.ts` exporting `register<Domain>Routes(app, ctx)` (calls to
 * defineRoute only) and lists it here.
 */
import type { FastifyInstance } from 'fastify';

import type { AppContext } from '../context';
import { registerAlertRecordRoutes } from './alerts/alert-records.routes';
import { registerAlertSenderRoutes } from './alerts/alert-senders.routes';
import { registerAlertRoutes } from './alerts/alerts.routes';
import { registerAuditRoutes } from './audit/audit.routes';
import { registerAuthRoutes } from './auth/auth.routes';
import { registerConfigRoutes } from './config/config.routes';
import { registerDashboardRoutes } from './dashboard/dashboard.routes';
import { registerDeviceRoutes } from './devices/devices.routes';
import { registerDictionaryRoutes } from './dictionaries/dictionaries.routes';
import { registerForecastRoutes } from './forecast/forecast.routes';
import { registerInventoryRoutes } from './inventory/inventory.routes';
import { registerInventoryFileRoutes } from './inventory/inventory-files.routes';
import { installOrphanImageSweep } from './inventory/orphan-image-sweep.job';
import { registerLevelLabelRoutes } from './levels/level-labels.routes';
import { registerLevelRoutes } from './levels/levels.routes';
import { registerLogoRoutes } from './logo/logo.routes';
import { registerMfaRoutes } from './mfa/mfa.routes';
import { registerMonitoringRoutes } from './monitoring/monitoring.routes';
import { registerNetTestRunRoutes } from './net-test-runs/net-test-runs.routes';
import { registerNetTestAddressRoutes } from './nettest/net-test-address.routes';
import { registerNotificationRoutes } from './notifications/notifications.routes';
import { registerOfflineReasonRoutes } from './offline-reasons/offline-reasons.routes';
import { registerRoleRoutes } from './roles/roles.routes';
import { registerSearchRoutes } from './search/search.routes';
import { registerStoreRoutes } from './stores/stores.routes';
import { registerTaskRoutes } from './tasks/tasks.routes';
import { registerUsageRoutes } from './usage/usage.routes';
import { registerUserRoutes } from './users/users.routes';
import { registerVersionRoutes } from './versions/versions.routes';

export type RegisterRoutes = (app: FastifyInstance, ctx: AppContext) => void;

/**
 * Jobs a module runs on its own timer (started when the app is ready, stopped on close), installed by
 * buildApp after the routes. Routes files only declare routes.
 */
export const MODULE_JOBS: readonly RegisterRoutes[] = [installOrphanImageSweep];

export const MODULE_ROUTES: readonly RegisterRoutes[] = [
  registerAuthRoutes,
  registerMfaRoutes,
  registerAuditRoutes,
  registerUserRoutes,
  registerRoleRoutes,
  registerStoreRoutes,
  registerLevelRoutes,
  registerLevelLabelRoutes,
  registerNetTestAddressRoutes,
  registerDictionaryRoutes,
  registerConfigRoutes,
  registerLogoRoutes,
  registerMonitoringRoutes,
  registerDeviceRoutes,
  registerAlertRoutes,
  registerNotificationRoutes,
  registerAlertSenderRoutes,
  registerAlertRecordRoutes,
  registerSearchRoutes,
  registerInventoryRoutes,
  registerInventoryFileRoutes,
  registerDashboardRoutes,
  registerOfflineReasonRoutes,
  registerForecastRoutes,
  registerUsageRoutes,
  registerNetTestRunRoutes,
  registerVersionRoutes,
  registerTaskRoutes,
];

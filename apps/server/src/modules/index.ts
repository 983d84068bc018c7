/**
 * Every module's routes, registered in this order by buildApp. A new module adds
 * `modules/<domain>/<domain>.routes.ts` exporting `register<Domain>Routes(app, ctx)` (calls to
 * defineRoute only) and lists it here.
 */
import type { FastifyInstance } from 'fastify';

import type { AppContext } from '../context';
import type { ScheduledJob } from '../engine/jobs/job-scheduler';
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
import { orphanImageSweepJob } from './inventory/orphan-image-sweep.job';
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
import { taskOverdueJob } from './tasks/task-overdue';
import { registerTaskRoutes } from './tasks/tasks.routes';
import { usageDailyJob } from './usage/jobs/usage-daily.job';
import { registerUsageRoutes } from './usage/usage.routes';
import { registerUserRoutes } from './users/users.routes';
import { registerVersionRoutes } from './versions/versions.routes';

export type RegisterRoutes = (app: FastifyInstance, ctx: AppContext) => void;

/** A module's periodic job, declared for the engine's scheduler (engine/jobs/job-scheduler.ts). */
export type DeclareJob = (ctx: AppContext) => ScheduledJob;

/**
 * Every module's periodic jobs, declared to the scheduler by buildApp after the routes (it starts them
 * when the app is ready and stops them on close). A module adds `modules/<domain>/…job.ts` exporting a
 * `DeclareJob` and lists it here; no timer starts in a routes file.
 */
export const MODULE_JOBS: readonly DeclareJob[] = [usageDailyJob, taskOverdueJob, orphanImageSweepJob];

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

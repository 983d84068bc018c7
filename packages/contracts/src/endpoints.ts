/**
 * Every API call of the product, one endpoint object each (see endpoint.ts). The server registers
 * each one exactly once and registers nothing else under /api (a test checks both ways); the web
 * calls only these.
 */
import { AlertEndpoints } from './alerts/alert-endpoints';
import { AlertRecordEndpoints } from './alerts/alert-record-endpoints';
import { AlertSenderEndpoints } from './alerts/alert-sender-endpoints';
import { NotificationEndpoints } from './alerts/notification-endpoints';
import { AuthEndpoints } from './auth-endpoints';
import { CallLogEndpoints } from './call-log-endpoints';
import { ConfigEndpoints } from './config/config-endpoints';
import { DashboardEndpoints } from './dashboard/dashboard-endpoints';
import { DeviceEndpoints } from './device/device-endpoints';
import { DictionaryEndpoints } from './dictionary/dictionary-endpoints';
import type { AnyEndpoint } from './endpoint';
import { ForecastEndpoints } from './forecast/forecast-endpoints';
import { InventoryEndpoints } from './inventory/inventory-endpoints';
import { LogoEndpoints } from './logo/logo-endpoints';
import { MfaEndpoints } from './mfa/mfa-endpoints';
import { MonitoringEndpoints } from './monitoring/monitoring-endpoints';
import { NetTestRunEndpoints } from './net-test-runs/net-test-run-endpoints';
import { OfflineReasonEndpoints } from './offline-reasons/offline-reason-endpoints';
import { LevelEndpoints } from './org/level-endpoints';
import { LevelLabelEndpoints } from './org/level-label-endpoints';
import { NetTestAddressEndpoints } from './org/net-test-address-endpoints';
import { StoreEndpoints } from './org/store-endpoints';
import { RoleEndpoints } from './roles/role-endpoints';
import { SearchEndpoints } from './search/search-endpoints';
import { TaskEndpoints } from './task/task-endpoints';
import { UsageEndpoints } from './usage/usage-endpoints';
import { UserEndpoints } from './users/user-endpoints';
import { VersionEndpoints } from './version/version-endpoints';

/** Each area's endpoints, by area name. */
export const ENDPOINT_GROUPS = {
  alert: AlertEndpoints,
  alertRecord: AlertRecordEndpoints,
  alertSender: AlertSenderEndpoints,
  notification: NotificationEndpoints,
  auth: AuthEndpoints,
  mfa: MfaEndpoints,
  callLog: CallLogEndpoints,
  config: ConfigEndpoints,
  device: DeviceEndpoints,
  dictionary: DictionaryEndpoints,
  logo: LogoEndpoints,
  monitoring: MonitoringEndpoints,
  user: UserEndpoints,
  role: RoleEndpoints,
  store: StoreEndpoints,
  level: LevelEndpoints,
  levelLabel: LevelLabelEndpoints,
  netTestAddress: NetTestAddressEndpoints,
  netTestRun: NetTestRunEndpoints,
  search: SearchEndpoints,
  inventory: InventoryEndpoints,
  usage: UsageEndpoints,
  dashboard: DashboardEndpoints,
  offlineReason: OfflineReasonEndpoints,
  forecast: ForecastEndpoints,
  version: VersionEndpoints,
  task: TaskEndpoints,
} as const satisfies Record<string, Record<string, AnyEndpoint>>;

/** Every endpoint, flat. */
export const ENDPOINTS: readonly AnyEndpoint[] = Object.values(ENDPOINT_GROUPS).flatMap((group) =>
  Object.values(group as Record<string, AnyEndpoint>),
);

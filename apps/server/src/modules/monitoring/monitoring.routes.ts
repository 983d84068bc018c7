/**
 * Monitoring: the box hub (agent links), the monitoring jobs, running info, ping through the box,
 * device syslog and live updates. Permission: device module + monitored-devices page (ping also the
 * ping button).
 */
import {
  BUTTON,
  DeviceSyslog,
  EloDeviceStatistic,
  HistoryPoint,
  ListDeviceLogQuery,
  MODULE,
  PAGE,
  PingIpQuery,
  PingResult,
  pagedResultSchema,
  RemoteUrl,
  RemoteUrlQuery,
  RunningDeviceQuery,
  RunningInfoQuery,
  RunningInfosQuery,
  RunningItem,
} from '@storefleet/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';

import type { AppContext } from '../../context';
import { installBoxHub } from '../../engine/hub/hub-registry';
import { startMonitoringJobs } from '../../engine/jobs/monitoring-jobs';
import { defineRoute } from '../../http/route';
import { getMonitoringSettings } from '../config/config.service';
import { registerDeviceEvents } from './device-events';
import { pingFromBox } from './device-ping.service';
import { listDeviceLog } from './device-syslog.service';
import { getEloDeviceStatistic, getRemoteUrl } from './elo-device.service';
import { getOnlineChart, getRunningInfo, getRunningInfos } from './running-info.service';

const RUNNING = '/api/device-service/aibox/deviceRunningInfo';
const DEVICE = '/api/device-service/aibox/device';
const VIEW = [MODULE.device, PAGE.deviceMonitored];

export function registerMonitoringRoutes(app: FastifyInstance, ctx: AppContext): void {
  installBoxHub(app, ctx, {
    intervalSeconds: async (companyId) =>
      (await getMonitoringSettings(ctx.db, companyId)).probeIntervalSeconds,
  });
  startMonitoringJobs(app, ctx);
  registerDeviceEvents(app, ctx);

  defineRoute(app, {
    method: 'GET',
    url: `${RUNNING}/getRunninginfo`,
    summary: 'Running items of a device',
    module: 'device',
    permissions: VIEW,
    query: RunningInfoQuery,
    response: z.array(RunningItem),
    handler: async function getRunninginfo({ query, scope }) {
      return getRunningInfo(ctx, scope, query.deviceId);
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: `${RUNNING}/getRunninginfos`,
    summary: 'Last 20 history points of one item',
    module: 'device',
    permissions: VIEW,
    query: RunningInfosQuery,
    response: z.array(HistoryPoint),
    handler: async function getRunninginfos({ query, scope }) {
      return getRunningInfos(ctx, scope, query);
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: `${RUNNING}/getOnlineChart`,
    summary: 'Latest 30 online points of a device',
    module: 'device',
    permissions: VIEW,
    query: RunningDeviceQuery,
    response: z.array(HistoryPoint),
    handler: async function getOnlineChartPoints({ query, scope }) {
      return getOnlineChart(ctx, scope, query.deviceId);
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: `${RUNNING}/getEloDeviceStatistic`,
    summary: 'Battery, CPU, memory and disks of an Android or agent device',
    module: 'device',
    permissions: VIEW,
    query: RunningDeviceQuery,
    response: EloDeviceStatistic,
    handler: async function getEloDeviceStatisticCall({ query, scope }) {
      return getEloDeviceStatistic(ctx, scope, query.deviceId);
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: `${RUNNING}/getRemoteUrl`,
    summary: 'Remote-control URL of an Android device',
    module: 'device',
    permissions: VIEW,
    query: RemoteUrlQuery,
    response: RemoteUrl,
    handler: async function getRemoteUrlCall({ query, scope }) {
      return getRemoteUrl(ctx, scope, query.eloDeviceId);
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: `${DEVICE}/queryAnswer/pingIp`,
    summary: "Ping an address from the device's store box",
    module: 'device',
    permissions: [...VIEW, BUTTON.devicePing],
    query: PingIpQuery,
    response: PingResult,
    handler: async function pingIp({ query, scope }) {
      return pingFromBox(ctx, scope, query);
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: `${DEVICE}/syslog/listDeviceLog`,
    summary: 'Syslog lines of a device',
    module: 'device',
    permissions: VIEW,
    query: ListDeviceLogQuery,
    response: pagedResultSchema(DeviceSyslog),
    handler: async function listDeviceLogCall({ query, scope }) {
      return listDeviceLog(ctx, scope, query);
    },
  });
}

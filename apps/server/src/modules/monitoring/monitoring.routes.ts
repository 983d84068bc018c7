/**
 * Monitoring: running info, ping through the box, device syslog and live updates (the box hub and
 * the monitoring jobs are the engine's: engine/engine.ts). Permission: device module +
 * monitored-devices page (ping also the ping button).
 */
import { MonitoringEndpoints as E } from '@storefleet/contracts';
import type { FastifyInstance } from 'fastify';

import type { AppContext } from '../../context';
import { defineRoute } from '../../http/route';
import { registerDeviceEvents } from './device-events';
import { pingFromBox } from './device-ping.service';
import { listDeviceLog } from './device-syslog.service';
import { getEloDeviceStatistic, getRemoteUrl } from './elo-device.service';
import { getOnlineChart, getRunningInfo, getRunningInfos } from './running-info.service';

export function registerMonitoringRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerDeviceEvents(app, ctx);

  defineRoute(app, E.getRunninginfo, async function getRunninginfo({ query, scope, lang }) {
    return getRunningInfo(ctx, scope, query.deviceId, lang);
  });

  defineRoute(app, E.getRunninginfos, async function getRunninginfos({ query, scope }) {
    return getRunningInfos(ctx, scope, query);
  });

  defineRoute(app, E.getOnlineChart, async function getOnlineChartPoints({ query, scope }) {
    return getOnlineChart(ctx, scope, query.deviceId);
  });

  defineRoute(app, E.getEloDeviceStatistic, async function getEloDeviceStatisticCall({ query, scope }) {
    return getEloDeviceStatistic(ctx, scope, query.deviceId);
  });

  defineRoute(app, E.getRemoteUrl, async function getRemoteUrlCall({ query, scope }) {
    return getRemoteUrl(ctx, scope, query.eloDeviceId);
  });

  defineRoute(app, E.pingIp, async function pingIp({ query, scope }) {
    return pingFromBox(ctx, scope, query);
  });

  defineRoute(app, E.listDeviceLog, async function listDeviceLogCall({ query, scope }) {
    return listDeviceLog(ctx, scope, query);
  });
}

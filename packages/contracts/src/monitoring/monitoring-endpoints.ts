/**
 * Monitoring calls (spec §7): a device's running info and its history, the online chart, host
 * statistics and remote control of Agent/Android devices, ping through the store box, device syslog
 * and the live-updates stream. All need the device module and the monitored-devices page (ping also
 * its button); the stream and its ticket need only the device module.
 */
import { z } from 'zod';

import { EVENT_STREAM_RESPONSE, endpoint } from '../endpoint';
import { pagedResultSchema } from '../paging';
import { BUTTON, MODULE, PAGE } from '../permissions';
import { DeviceEventsQuery, DeviceEventsTicket } from './device-events';
import { PingIpQuery, PingResult } from './device-ping';
import { DeviceSyslog, ListDeviceLogQuery } from './device-syslog';
import {
  EloDeviceStatistic,
  HistoryPoint,
  RemoteUrl,
  RemoteUrlQuery,
  RunningDeviceQuery,
  RunningInfoQuery,
  RunningInfosQuery,
  RunningItem,
} from './running-info';

const RUNNING_API = '/api/device-service/aibox/deviceRunningInfo';
const DEVICE_API = '/api/device-service/aibox/device';
const VIEW = [MODULE.device, PAGE.deviceMonitored] as const;

/** The live-updates stream serves the device pages, the dynamic-monitor pages and the alert pages. */
const LIVE_STREAM = { any: [MODULE.device, MODULE.dynamicMonitor, MODULE.alert] } as const;

export const MonitoringEndpoints = {
  getRunninginfo: endpoint({
    method: 'GET',
    path: `${RUNNING_API}/getRunninginfo`,
    summary: 'Running items of a device',
    summaryZh: '设备运行信息',
    module: 'device',
    permissions: VIEW,
    query: RunningInfoQuery,
    response: z.array(RunningItem),
  }),
  getRunninginfos: endpoint({
    method: 'GET',
    path: `${RUNNING_API}/getRunninginfos`,
    summary: 'Last 20 history points of one item',
    summaryZh: '监控项最近 20 个历史值',
    module: 'device',
    permissions: VIEW,
    query: RunningInfosQuery,
    response: z.array(HistoryPoint),
  }),
  getOnlineChart: endpoint({
    method: 'GET',
    path: `${RUNNING_API}/getOnlineChart`,
    summary: 'Latest 30 online points of a device',
    summaryZh: '设备最近 30 个在线记录',
    module: 'device',
    permissions: VIEW,
    query: RunningDeviceQuery,
    response: z.array(HistoryPoint),
  }),
  getEloDeviceStatistic: endpoint({
    method: 'GET',
    path: `${RUNNING_API}/getEloDeviceStatistic`,
    summary: 'Battery, CPU, memory and disks of an Android or agent device',
    summaryZh: '安卓或代理设备的电池、CPU、内存和磁盘',
    module: 'device',
    permissions: VIEW,
    query: RunningDeviceQuery,
    response: EloDeviceStatistic,
  }),
  getRemoteUrl: endpoint({
    method: 'GET',
    path: `${RUNNING_API}/getRemoteUrl`,
    summary: 'Remote-control URL of an Android device',
    summaryZh: '安卓设备远程控制地址',
    module: 'device',
    permissions: VIEW,
    query: RemoteUrlQuery,
    response: RemoteUrl,
  }),
  pingIp: endpoint({
    method: 'POST',
    path: `${DEVICE_API}/queryAnswer/pingIp`,
    summary: "Ping an address from the device's store box",
    summaryZh: '从门店盒子 Ping 地址',
    module: 'device',
    permissions: [...VIEW, BUTTON.devicePing],
    query: PingIpQuery,
    response: PingResult,
  }),
  listDeviceLog: endpoint({
    method: 'GET',
    path: `${DEVICE_API}/syslog/listDeviceLog`,
    summary: 'Syslog lines of a device',
    summaryZh: '设备系统日志',
    module: 'device',
    permissions: VIEW,
    query: ListDeviceLogQuery,
    response: pagedResultSchema(DeviceSyslog),
  }),
  events: endpoint({
    method: 'GET',
    path: `${DEVICE_API}/events`,
    summary: 'Stream device status changes (server-sent events)',
    summaryZh: '设备状态实时推送',
    module: 'device',
    permissions: LIVE_STREAM,
    query: DeviceEventsQuery,
    response: EVENT_STREAM_RESPONSE,
    description:
      'Auth by ?ticket= (from eventsTicket; EventSource cannot set headers) or the Authorization header; never the access token in the URL. The stream ends when its session ends.',
  }),
  eventsTicket: endpoint({
    method: 'POST',
    path: `${DEVICE_API}/events/ticket`,
    summary: 'Ticket for one live-updates stream',
    summaryZh: '实时推送凭证',
    writes: false,
    module: 'device',
    permissions: LIVE_STREAM,
    response: DeviceEventsTicket,
    description:
      'A random ticket bound to this session and company (x-company-id for agent admins); it opens one stream within expiresInSeconds.',
  }),
};

/**
 * Device registry calls under /api/device-service/aibox/device (spec §7), plus our detail, key
 * rotation and import calls. Lists may be read from any device page; writes need their button.
 */
import { z } from 'zod';

import { endpoint, FILE_RESPONSE } from '../endpoint';
import { pagedResultSchema } from '../paging';
import { BUTTON, MODULE, PAGE } from '../permissions';
import {
  DeviceSchema,
  DeviceStatusCountsSchema,
  GatewayStatusCountsSchema,
  StoreTroubleSchema,
} from './device';
import { DeviceAddBody, DeviceUpdateBody } from './device-body';
import {
  DeviceIdParams,
  DeviceImportParams,
  DeviceImportResultSchema,
  DeviceKeySchema,
  DeviceStateParams,
  MonitoredBatchQuery,
  MonitoredBatchResultSchema,
  PreinstallationBody,
  StoreDevicesParams,
} from './device-calls';
import { DeviceListQuery, DeviceStatusQuery, DeviceSubListQuery, GatewayStatusQuery } from './device-list';

const DEVICE_API = '/api/device-service/aibox/device';
const READ = {
  any: [PAGE.deviceMonitored, PAGE.deviceNotMonitored, PAGE.deviceNonNetwork, PAGE.gateway],
} as const;
/** The list and its counts are also what the dynamic-monitor pages show (a store's live device list). */
const LIVE_READ = { any: [...READ.any, MODULE.dynamicMonitor] } as const;

export const DeviceEndpoints = {
  add: endpoint({
    method: 'POST',
    path: `${DEVICE_API}/add`,
    summary: 'Add a device',
    summaryZh: '新增设备',
    module: 'device',
    permissions: [MODULE.device, BUTTON.deviceAdd],
    body: DeviceAddBody,
    response: DeviceSchema,
  }),
  update: endpoint({
    method: 'POST',
    path: `${DEVICE_API}/update`,
    summary: 'Update a device',
    summaryZh: '修改设备',
    module: 'device',
    permissions: [MODULE.device, BUTTON.deviceUpdate],
    body: DeviceUpdateBody,
    response: DeviceSchema,
  }),
  listDevices: endpoint({
    method: 'GET',
    path: `${DEVICE_API}/listDevices`,
    summary: 'List devices',
    summaryZh: '设备列表',
    module: 'device',
    permissions: LIVE_READ,
    query: DeviceListQuery,
    response: pagedResultSchema(DeviceSchema),
  }),
  listSubDevices: endpoint({
    method: 'GET',
    path: `${DEVICE_API}/listSubDevices`,
    summary: "List a box's devices",
    summaryZh: '盒子下的设备',
    module: 'device',
    permissions: READ,
    query: DeviceSubListQuery,
    response: pagedResultSchema(DeviceSchema),
  }),
  /** The parent-box picker and the store cards read it too. */
  getDevices: endpoint({
    method: 'GET',
    path: `${DEVICE_API}/getDevices/:shopId/:productType`,
    summary: "List a store's devices of one product type",
    summaryZh: '门店某产品类型的设备',
    module: 'device',
    permissions: { any: [...READ.any, MODULE.dynamicMonitor, PAGE.storeOverview] },
    params: StoreDevicesParams,
    response: z.array(DeviceSchema),
  }),
  /** Ours: one device for the details and update pages. */
  detail: endpoint({
    method: 'GET',
    path: `${DEVICE_API}/detail/:deviceId`,
    summary: 'Show one device',
    summaryZh: '设备详情',
    module: 'device',
    permissions: READ,
    params: DeviceIdParams,
    response: DeviceSchema,
  }),
  updateState: endpoint({
    method: 'GET',
    path: `${DEVICE_API}/updateState/:deviceId/:state`,
    summary: 'Enable or disable a device',
    summaryZh: '启用或禁用设备',
    writes: true,
    module: 'device',
    permissions: [MODULE.device, BUTTON.deviceState],
    params: DeviceStateParams,
    response: DeviceSchema,
  }),
  /** The spec's name for setting the monitored flag (`mornitored`) of several devices. */
  ids: endpoint({
    method: 'GET',
    path: `${DEVICE_API}/ids`,
    summary: 'Set the monitored flag of several devices',
    summaryZh: '批量设置设备监控状态',
    writes: true,
    module: 'device',
    permissions: [MODULE.device, BUTTON.deviceMonitor],
    query: MonitoredBatchQuery,
    response: MonitoredBatchResultSchema,
  }),
  isPreinstallation: endpoint({
    method: 'POST',
    path: `${DEVICE_API}/isPreinstallation`,
    summary: 'Mark a box as pre-configured or not',
    summaryZh: '设置盒子预装状态',
    module: 'device',
    permissions: [MODULE.device, BUTTON.gatewayPreinstall],
    body: PreinstallationBody,
    response: DeviceSchema,
  }),
  getDeviceStatus: endpoint({
    method: 'GET',
    path: `${DEVICE_API}/getDeviceStatus`,
    summary: 'Count listed devices by online status',
    summaryZh: '按在线状态统计设备',
    module: 'device',
    permissions: LIVE_READ,
    query: DeviceStatusQuery,
    response: DeviceStatusCountsSchema,
  }),
  getStoreTrouble: endpoint({
    method: 'GET',
    path: `${DEVICE_API}/getStoreTrouble`,
    summary: 'Stores with offline or alerting devices',
    summaryZh: '有离线或告警设备的门店',
    module: 'device',
    permissions: [MODULE.dynamicMonitor],
    response: z.array(StoreTroubleSchema),
  }),
  getGatewayStatus: endpoint({
    method: 'GET',
    path: `${DEVICE_API}/getGatewayStatus`,
    summary: 'Count boxes: pre-configured, online, offline',
    summaryZh: '盒子统计：预装、在线、离线',
    module: 'device',
    permissions: [MODULE.device, PAGE.gateway],
    query: GatewayStatusQuery,
    response: GatewayStatusCountsSchema,
  }),
  /** Ours: issue a new security key for a box. */
  rotateKey: endpoint({
    method: 'POST',
    path: `${DEVICE_API}/rotateKey/:deviceId`,
    summary: 'Issue a new security key for a box',
    summaryZh: '为盒子签发新密钥',
    module: 'device',
    permissions: [MODULE.device, BUTTON.deviceKey],
    params: DeviceIdParams,
    response: DeviceKeySchema,
  }),
  downloadExcelTemplate: endpoint({
    method: 'GET',
    path: `${DEVICE_API}/downloadExcelTemplate`,
    summary: 'Download the device import template',
    summaryZh: '下载设备导入模板',
    module: 'device',
    permissions: READ,
    response: FILE_RESPONSE,
  }),
  /** Ours: a multipart .xlsx upload (field `file`); refused rows answer 400 with `data.rows`. */
  importExcel: endpoint({
    method: 'POST',
    path: `${DEVICE_API}/importExcel/:shopId`,
    summary: 'Import devices into a store from the template',
    summaryZh: '按模板导入门店设备',
    module: 'device',
    permissions: [MODULE.device, BUTTON.deviceImport],
    params: DeviceImportParams,
    bodyEncoding: 'multipart',
    response: DeviceImportResultSchema,
  }),
};

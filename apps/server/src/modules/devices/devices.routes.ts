/**
 * Device registry calls under /api/device-service/aibox/device (spec §7), plus our detail, key
 * rotation and import calls. Lists may be read from any device page; writes need their button.
 */
import {
  BUTTON,
  DEVICE_API,
  DeviceAddBody,
  DeviceIdParams,
  DeviceImportParams,
  DeviceImportResultSchema,
  DeviceKeySchema,
  DeviceListQuery,
  DeviceSchema,
  DeviceStateParams,
  DeviceStatusCountsSchema,
  DeviceStatusQuery,
  DeviceSubListQuery,
  DeviceUpdateBody,
  GatewayStatusCountsSchema,
  GatewayStatusQuery,
  MODULE,
  MonitoredBatchQuery,
  PAGE,
  PreinstallationBody,
  pagedResultSchema,
  StoreDevicesParams,
} from '@storefleet/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';

import type { AppContext } from '../../context';
import { defineRoute } from '../../http/route';
import { deviceTemplate, importDevices } from './device-import.service';
import {
  deviceStatus,
  gatewayStatus,
  listDevices,
  listSubDevices,
  storeDevices,
} from './device-list.service';
import {
  addDevice,
  editDevice,
  getDevice,
  rotateDeviceKey,
  setDeviceState,
  setMonitored,
  setPreinstallation,
} from './devices.service';

const READ = {
  any: [PAGE.deviceMonitored, PAGE.deviceNotMonitored, PAGE.deviceNonNetwork, PAGE.gateway],
} as const;
const module = 'device';

export function registerDeviceRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, {
    method: 'POST',
    url: `${DEVICE_API}/add`,
    summary: 'Add a device',
    module,
    permissions: [MODULE.device, BUTTON.deviceAdd],
    body: DeviceAddBody,
    response: DeviceSchema,
    handler: async function add({ body, caller, scope }) {
      return addDevice(ctx, caller, scope, body);
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: `${DEVICE_API}/update`,
    summary: 'Update a device',
    module,
    permissions: [MODULE.device, BUTTON.deviceUpdate],
    body: DeviceUpdateBody,
    response: DeviceSchema,
    handler: async function update({ body, caller, scope }) {
      return editDevice(ctx, caller, scope, body);
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: `${DEVICE_API}/listDevices`,
    summary: 'List devices',
    module,
    permissions: READ,
    query: DeviceListQuery,
    response: pagedResultSchema(DeviceSchema),
    handler: async function listDevicesCall({ query, caller, scope }) {
      return listDevices(ctx, caller, scope, query);
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: `${DEVICE_API}/listSubDevices`,
    summary: "List a box's devices",
    module,
    permissions: READ,
    query: DeviceSubListQuery,
    response: pagedResultSchema(DeviceSchema),
    handler: async function listSubDevicesCall({ query, caller, scope }) {
      return listSubDevices(ctx, caller, scope, query);
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: `${DEVICE_API}/getDevices/:shopId/:productType`,
    summary: "List a store's devices of one product type",
    module,
    permissions: { any: [...READ.any, MODULE.dynamicMonitor, PAGE.storeOverview] },
    params: StoreDevicesParams,
    response: z.array(DeviceSchema),
    handler: async function getDevices({ params, caller, scope }) {
      return storeDevices(ctx, caller, scope, params.shopId, params.productType);
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: `${DEVICE_API}/detail/:deviceId`,
    summary: 'Show one device',
    module,
    permissions: READ,
    params: DeviceIdParams,
    response: DeviceSchema,
    handler: async function detail({ params, caller, scope }) {
      return getDevice(ctx, caller, scope, params.deviceId);
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: `${DEVICE_API}/updateState/:deviceId/:state`,
    summary: 'Enable or disable a device',
    module,
    permissions: [MODULE.device, BUTTON.deviceState],
    params: DeviceStateParams,
    response: DeviceSchema,
    handler: async function updateState({ params, caller, scope }) {
      return setDeviceState(ctx, caller, scope, params.deviceId, params.state);
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: `${DEVICE_API}/ids`,
    summary: 'Set the monitored flag of several devices',
    module,
    permissions: [MODULE.device, BUTTON.deviceMonitor],
    query: MonitoredBatchQuery,
    response: z.object({ updated: z.number() }),
    handler: async function ids({ query, caller, scope }) {
      return setMonitored(ctx, caller, scope, query);
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: `${DEVICE_API}/isPreinstallation`,
    summary: 'Mark a box as pre-configured or not',
    module,
    permissions: [MODULE.device, BUTTON.gatewayPreinstall],
    body: PreinstallationBody,
    response: DeviceSchema,
    handler: async function isPreinstallation({ body, caller, scope }) {
      return setPreinstallation(ctx, caller, scope, body);
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: `${DEVICE_API}/getDeviceStatus`,
    summary: 'Count listed devices by online status',
    module,
    permissions: READ,
    query: DeviceStatusQuery,
    response: DeviceStatusCountsSchema,
    handler: async function getDeviceStatus({ query, scope }) {
      return deviceStatus(ctx, scope, query);
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: `${DEVICE_API}/getGatewayStatus`,
    summary: 'Count boxes: pre-configured, online, offline',
    module,
    permissions: [MODULE.device, PAGE.gateway],
    query: GatewayStatusQuery,
    response: GatewayStatusCountsSchema,
    handler: async function getGatewayStatus({ query, scope }) {
      return gatewayStatus(ctx, scope, query);
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: `${DEVICE_API}/rotateKey/:deviceId`,
    summary: 'Issue a new security key for a box',
    module,
    permissions: [MODULE.device, BUTTON.deviceKey],
    params: DeviceIdParams,
    response: DeviceKeySchema,
    handler: async function rotateKey({ params, caller, scope }) {
      return rotateDeviceKey(ctx, caller, scope, params.deviceId);
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: `${DEVICE_API}/downloadExcelTemplate`,
    summary: 'Download the device import template',
    module,
    permissions: READ,
    handler: async function downloadExcelTemplate() {
      return deviceTemplate(ctx);
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: `${DEVICE_API}/importExcel/:shopId`,
    summary: 'Import devices into a store from the template',
    module,
    permissions: [MODULE.device, BUTTON.deviceImport],
    params: DeviceImportParams,
    response: DeviceImportResultSchema,
    handler: async function importExcel({ params, caller, scope, request }) {
      return importDevices(ctx, caller, scope, params.shopId, request);
    },
  });
}

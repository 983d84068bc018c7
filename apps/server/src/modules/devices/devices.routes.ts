/** Device registry calls (contracts `DeviceEndpoints`): CRUD, lists and counts, key rotation, import. */
import { DeviceEndpoints as E } from '@storefleet/contracts';
import type { FastifyInstance } from 'fastify';

import type { AppContext } from '../../context';
import { SPREADSHEET_UPLOAD } from '../../files/spreadsheet-upload';
import { defineRoute } from '../../http/route';
import { readUpload } from '../../http/upload';
import { deviceTemplate, importDevices } from './device-import.service';
import {
  deviceStatus,
  gatewayStatus,
  listDevices,
  listSubDevices,
  storeDevices,
  storeTrouble,
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

export function registerDeviceRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, E.add, async function add({ body, caller, scope }) {
    return addDevice(ctx, caller, scope, body);
  });
  defineRoute(app, E.update, async function update({ body, caller, scope }) {
    return editDevice(ctx, caller, scope, body);
  });
  defineRoute(app, E.listDevices, async function listDevicesCall({ query, caller, scope }) {
    return listDevices(ctx, caller, scope, query);
  });
  defineRoute(app, E.listSubDevices, async function listSubDevicesCall({ query, caller, scope }) {
    return listSubDevices(ctx, caller, scope, query);
  });
  defineRoute(app, E.getDevices, async function getDevices({ params, caller, scope }) {
    return storeDevices(ctx, caller, scope, params.shopId, params.productType);
  });
  defineRoute(app, E.detail, async function detail({ params, caller, scope }) {
    return getDevice(ctx, caller, scope, params.deviceId);
  });
  defineRoute(app, E.updateState, async function updateState({ params, caller, scope }) {
    return setDeviceState(ctx, caller, scope, params.deviceId, params.state);
  });
  defineRoute(app, E.ids, async function ids({ query, caller, scope }) {
    return setMonitored(ctx, caller, scope, query);
  });
  defineRoute(app, E.isPreinstallation, async function isPreinstallation({ body, caller, scope }) {
    return setPreinstallation(ctx, caller, scope, body);
  });
  defineRoute(app, E.getDeviceStatus, async function getDeviceStatus({ query, scope }) {
    return deviceStatus(ctx, scope, query);
  });
  defineRoute(app, E.getStoreTrouble, async function getStoreTrouble({ scope }) {
    return storeTrouble(ctx, scope);
  });
  defineRoute(app, E.getGatewayStatus, async function getGatewayStatus({ query, scope }) {
    return gatewayStatus(ctx, scope, query);
  });
  defineRoute(app, E.rotateKey, async function rotateKey({ params, caller, scope }) {
    return rotateDeviceKey(ctx, caller, scope, params.deviceId);
  });
  defineRoute(app, E.downloadExcelTemplate, async function downloadExcelTemplate() {
    return deviceTemplate(ctx);
  });
  defineRoute(app, E.importExcel, async function importExcel({ params, caller, scope, lang, request }) {
    const bytes = await readUpload(request, SPREADSHEET_UPLOAD);
    return importDevices(ctx, caller, scope, params.shopId, bytes, lang);
  });
}

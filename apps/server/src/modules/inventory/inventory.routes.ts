/**
 * Inventory calls (contracts `InventoryEndpoints`) other than the file calls (import, template,
 * export: inventory-files.routes.ts). Images are served like the logo's files: their recorded type,
 * nosniff and a CSP that forbids everything.
 */
import { InventoryEndpoints as E, INVENTORY_IMAGE_LIMITS, NetworkFlag } from '@storefleet/contracts';
import type { FastifyInstance } from 'fastify';

import type { AppContext } from '../../context';
import { imageReply } from '../../http/file-reply';
import { defineRoute } from '../../http/route';
import { readUpload } from '../../http/upload';
import {
  deleteInventory,
  deleteInventoryBatch,
  getInventory,
  inventorySummary,
  listInventory,
  readInventoryImage,
  setNetwork,
  updateInventory,
  uploadInventoryImage,
} from './inventory.service';
import { bindInventory, matchMacDevices, unbindInventory } from './inventory-binding.service';

export function registerInventoryRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, E.listInventoryDevices, async function listInventoryDevices({ body, scope, lang }) {
    return listInventory(ctx, scope, body, lang);
  });
  defineRoute(
    app,
    E.listInventoryDevicesData,
    async function listInventoryDevicesData({ body, scope, lang }) {
      return inventorySummary(ctx, scope, body, lang);
    },
  );
  defineRoute(app, E.get, async function getInventoryDevice({ params, scope, lang }) {
    return getInventory(ctx, scope, params.id, lang);
  });
  defineRoute(app, E.remove, async function deleteInventoryDevice({ params, scope }) {
    return deleteInventory(ctx, scope, params.id);
  });
  defineRoute(app, E.removeBatch, async function deleteInventoryDevices({ params, scope }) {
    return deleteInventoryBatch(ctx, scope, params.ids);
  });
  defineRoute(app, E.addNoNetwork, async function addNoNetwork({ body, caller, scope }) {
    return setNetwork(ctx, caller, scope, body.ids, NetworkFlag.NOT_NETWORKED);
  });
  defineRoute(app, E.addNetwork, async function addNetwork({ body, caller, scope }) {
    return setNetwork(ctx, caller, scope, body.ids, NetworkFlag.NETWORKED);
  });
  defineRoute(app, E.matchMacDevices, async function matchMacDevicesOfStore({ query, scope }) {
    return matchMacDevices(ctx, scope, query);
  });
  defineRoute(app, E.bindInventoryDevice, async function bindInventoryDevice({ query, caller, scope, lang }) {
    return bindInventory(ctx, caller, scope, query, lang);
  });
  defineRoute(app, E.unbind, async function unbind({ params, caller, scope, lang }) {
    return unbindInventory(ctx, caller, scope, params.inventoryId, lang);
  });
  defineRoute(app, E.update, async function updateInventoryDevice({ body, caller, scope, lang }) {
    return updateInventory(ctx, caller, scope, body, lang);
  });
  defineRoute(app, E.uploadImage, async function uploadImage({ request, scope }) {
    const bytes = await readUpload(request, { maxBytes: INVENTORY_IMAGE_LIMITS.maxBytes });
    return uploadInventoryImage(ctx, scope, bytes);
  });
  defineRoute(app, E.image, async function inventoryImage({ params, scope }) {
    const file = await readInventoryImage(ctx, scope, params.name);
    return imageReply(file.bytes, file.contentType, params.name);
  });
}

/** The inventory's file calls (contracts `InventoryEndpoints`): import, template, export. */
import { InventoryEndpoints as E } from '@storefleet/contracts';
import type { FastifyInstance } from 'fastify';

import type { AppContext } from '../../context';
import { defineRoute } from '../../http/route';
import { readUpload } from '../../http/upload';
import { exportInventory } from './inventory-export';
import { INVENTORY_UPLOAD } from './inventory-import';
import { importInventory, inventoryTemplate } from './inventory-import.service';

export function registerInventoryFileRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, E.downloadExcelTemplate, async function downloadExcelTemplate({ lang }) {
    return inventoryTemplate(ctx, lang);
  });
  defineRoute(
    app,
    E.importExcelInventory,
    async function importExcelInventory({ params, query, caller, scope, lang, request }) {
      const bytes = await readUpload(request, INVENTORY_UPLOAD);
      return importInventory(ctx, caller, scope, params.shopId, bytes, query, lang);
    },
  );
  defineRoute(
    app,
    E.exportInventoryDevices,
    async function exportInventoryDevices({ query, caller, scope, lang }) {
      return exportInventory(ctx, caller, scope, query, lang);
    },
  );
}

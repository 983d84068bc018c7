/** Store, company and area calls (contracts `StoreEndpoints`; create/update/move/delete ours). */
import { StoreEndpoints as E } from '@storefleet/contracts';
import type { FastifyInstance } from 'fastify';

import type { AppContext } from '../../context';
import { defineRoute } from '../../http/route';
import { readUpload } from '../../http/upload';
import { STORE_UPLOAD } from './store-import';
import { exportStores, importStores, storeTemplate } from './store-import.service';
import {
  createStoreService,
  deleteStoreService,
  listAreasService,
  listCompaniesService,
  listStoresService,
  moveStoreService,
  searchStoresByName,
  updateStoreService,
} from './stores.service';

export function registerStoreRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, E.list, async function listStores({ query, scope, lang }) {
    return listStoresService(ctx, scope, query, lang);
  });
  defineRoute(app, E.listCompanys, async function listCompanys({ query, caller }) {
    return listCompaniesService(caller, query, ctx);
  });
  defineRoute(app, E.listAreas, async function listAreas({ query, scope, lang }) {
    return listAreasService(ctx, scope, query.companyId, lang);
  });
  defineRoute(app, E.likeFindStoreByName, async function likeFindStoreByName({ query, scope }) {
    return searchStoresByName(ctx, scope, query.name);
  });
  defineRoute(app, E.addStore, async function addStore({ body, caller, scope }) {
    return createStoreService(ctx, caller, scope, body);
  });
  defineRoute(app, E.updateStore, async function updateStore({ body, caller, scope }) {
    return updateStoreService(ctx, caller, scope, body);
  });
  defineRoute(app, E.moveStore, async function moveStore({ query, caller, scope }) {
    return moveStoreService(ctx, caller, scope, query);
  });
  defineRoute(app, E.deleteStore, async function deleteStore({ params, scope }) {
    await deleteStoreService(ctx, scope, params.id);
    return null;
  });
  defineRoute(app, E.downloadStoreTemplate, async function downloadStoreTemplate({ lang }) {
    return storeTemplate(lang);
  });
  defineRoute(app, E.importStores, async function importStoresRoute({ query, caller, scope, lang, request }) {
    const bytes = await readUpload(request, STORE_UPLOAD);
    return importStores(ctx, caller, scope, bytes, query, lang);
  });
  defineRoute(app, E.exportStores, async function exportStoresRoute({ query, scope, lang }) {
    return exportStores(ctx, scope, query, lang);
  });
}

/** Store, company and area calls under /api/user-service/store (spec §7; create/update/move/delete ours). */
import {
  AreaListQuery,
  AreaSchema,
  BUTTON,
  CompanyListQuery,
  CompanySchema,
  MODULE,
  PAGE,
  pagedResultSchema,
  StoreCreateBody,
  StoreIdParams,
  StoreListQuery,
  StoreMoveQuery,
  StoreNameSearchQuery,
  StoreSchema,
  StoreUpdateBody,
} from '@storefleet/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';

import type { AppContext } from '../../context';
import { defineRoute } from '../../http/route';
import { ORG_READ_CODES } from './org-read-codes';
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

const PREFIX = '/api/user-service/store';
const OVERVIEW = [MODULE.store, PAGE.storeOverview] as const;

export function registerStoreRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, {
    method: 'GET',
    url: `${PREFIX}/list`,
    summary: 'List stores',
    description: 'Paged when pageNum or pageSize is given; otherwise the whole list inside the caller scope.',
    module: 'store',
    permissions: OVERVIEW,
    query: StoreListQuery,
    response: z.union([pagedResultSchema(StoreSchema), z.array(StoreSchema)]),
    handler: async function listStores({ query, scope }) {
      return listStoresService(ctx, scope, query);
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: `${PREFIX}/listCompanys`,
    summary: 'List companies',
    module: 'store',
    permissions: ORG_READ_CODES,
    query: CompanyListQuery,
    response: z.array(CompanySchema),
    handler: async function listCompanys({ query, caller }) {
      return listCompaniesService(caller, query, ctx);
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: `${PREFIX}/listAreas`,
    summary: 'List areas',
    module: 'store',
    permissions: ORG_READ_CODES,
    query: AreaListQuery,
    response: z.array(AreaSchema),
    handler: async function listAreas({ query, scope }) {
      return listAreasService(ctx, scope, query.companyId);
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: `${PREFIX}/likeFindStoreByName`,
    summary: 'Search stores by name',
    module: 'store',
    permissions: ORG_READ_CODES,
    query: StoreNameSearchQuery,
    response: z.array(StoreSchema),
    handler: async function likeFindStoreByName({ query, scope }) {
      return searchStoresByName(ctx, scope, query.name);
    },
  });

  defineRoute(app, {
    method: 'PUT',
    url: PREFIX,
    summary: 'Add store',
    module: 'store',
    permissions: [...OVERVIEW, BUTTON.storeAdd],
    body: StoreCreateBody,
    response: StoreSchema,
    handler: async function addStore({ body, caller, scope }) {
      return createStoreService(ctx, caller, scope, body);
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: PREFIX,
    summary: 'Update store',
    module: 'store',
    permissions: [...OVERVIEW, BUTTON.storeUpdate],
    body: StoreUpdateBody,
    response: StoreSchema,
    handler: async function updateStore({ body, caller, scope }) {
      return updateStoreService(ctx, caller, scope, body);
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: `${PREFIX}/move`,
    summary: 'Move store',
    description: 'status 1 marks the store moved, 0 normal again.',
    module: 'store',
    permissions: [...OVERVIEW, BUTTON.storeMove],
    query: StoreMoveQuery,
    response: StoreSchema,
    handler: async function moveStore({ query, caller, scope }) {
      return moveStoreService(ctx, caller, scope, query);
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: `${PREFIX}/delete/:id`,
    summary: 'Delete store',
    description: 'Refused (409) while devices are registered at the store.',
    module: 'store',
    permissions: [...OVERVIEW, BUTTON.storeDelete],
    params: StoreIdParams,
    handler: async function deleteStore({ params, scope }) {
      await deleteStoreService(ctx, scope, params.id);
      return null;
    },
  });
}

/** Hierarchy calls under /api/user-service/levelConfig (spec §7). */
import {
  AreaLevelSchema,
  BUTTON,
  CompanyIdQuery,
  LevelConfigSaveBody,
  LevelIdListParams,
  LevelIdParams,
  LevelIdPathParams,
  LevelTreeNodeSchema,
  MODULE,
  PAGE,
  RegionLevelNodeSchema,
  RegionLevelTreeNodeSchema,
  StoreSchema,
} from '@storefleet/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';

import type { AppContext } from '../../context';
import { defineRoute } from '../../http/route';
import { ORG_READ_CODES } from '../stores/org-read-codes';
import {
  areaLevels,
  deleteLevelService,
  flatLevels,
  levelConfigTree,
  nextLevels,
  regionLevelTree,
  saveLevel,
  storesOfLevels,
} from './levels.service';

const PREFIX = '/api/user-service/levelConfig';
const EDIT = [MODULE.store, PAGE.levelSetting, BUTTON.levelEdit] as const;

export function registerLevelRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, {
    method: 'POST',
    url: `${PREFIX}/addOrUpdateLevelConfig`,
    summary: 'Add or rename level',
    description: 'Without id: adds a node below pid (none: a region). With id: renames it (pid is ignored).',
    module: 'level',
    permissions: EDIT,
    body: LevelConfigSaveBody,
    response: RegionLevelNodeSchema,
    handler: async function addOrUpdateLevelConfig({ body, caller, scope }) {
      return saveLevel(ctx, caller, scope, body);
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: `${PREFIX}/deleteLevelConfig/:id`,
    summary: 'Delete level',
    description: 'Refused (409) while the node has lower levels or stores.',
    module: 'level',
    permissions: EDIT,
    params: LevelIdParams,
    handler: async function deleteLevelConfig({ params, scope }) {
      await deleteLevelService(ctx, scope, params.id);
      return null;
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: `${PREFIX}/listLevelConfig`,
    summary: 'Level tree',
    module: 'level',
    permissions: ORG_READ_CODES,
    query: CompanyIdQuery,
    response: z.array(LevelTreeNodeSchema),
    handler: async function listLevelConfig({ query, scope }) {
      return levelConfigTree(ctx, scope, query.companyId);
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: `${PREFIX}/listNextLevel/:levelId`,
    summary: 'Lower levels of a level',
    module: 'level',
    permissions: ORG_READ_CODES,
    params: LevelIdPathParams,
    response: z.array(RegionLevelNodeSchema),
    handler: async function listNextLevel({ params, scope }) {
      return nextLevels(ctx, scope, [params.levelId]);
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: `${PREFIX}/listNextLevelMulti/:levelIdListStr`,
    summary: 'Lower levels of several levels',
    module: 'level',
    permissions: ORG_READ_CODES,
    params: LevelIdListParams,
    response: z.array(RegionLevelNodeSchema),
    handler: async function listNextLevelMulti({ params, scope }) {
      return nextLevels(ctx, scope, params.levelIdListStr);
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: `${PREFIX}/listStore/:levelId`,
    summary: 'Stores of a level',
    module: 'level',
    permissions: ORG_READ_CODES,
    params: LevelIdPathParams,
    response: z.array(StoreSchema),
    handler: async function listStore({ params, scope }) {
      return storesOfLevels(ctx, scope, [params.levelId]);
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: `${PREFIX}/listStoreMulti/:levelIdListStr`,
    summary: 'Stores of several levels',
    module: 'level',
    permissions: ORG_READ_CODES,
    params: LevelIdListParams,
    response: z.array(StoreSchema),
    handler: async function listStoreMulti({ params, scope }) {
      return storesOfLevels(ctx, scope, params.levelIdListStr);
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: `${PREFIX}/listDtLevel`,
    summary: 'All levels, flat',
    module: 'level',
    permissions: ORG_READ_CODES,
    query: CompanyIdQuery,
    response: z.array(RegionLevelNodeSchema),
    handler: async function listDtLevel({ query, scope }) {
      return flatLevels(ctx, scope, query.companyId);
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: `${PREFIX}/listLevelTree`,
    summary: 'Region → province → city tree',
    module: 'level',
    permissions: ORG_READ_CODES,
    query: CompanyIdQuery,
    response: z.array(RegionLevelTreeNodeSchema),
    handler: async function listLevelTree({ query, scope }) {
      return regionLevelTree(ctx, scope, query.companyId);
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: `${PREFIX}/listAreaLevel`,
    summary: 'Regions',
    module: 'level',
    permissions: ORG_READ_CODES,
    query: CompanyIdQuery,
    response: z.array(AreaLevelSchema),
    handler: async function listAreaLevel({ query, scope }) {
      return areaLevels(ctx, scope, query.companyId);
    },
  });
}

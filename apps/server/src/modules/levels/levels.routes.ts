/** Hierarchy calls (contracts `LevelEndpoints`). */
import { LevelEndpoints as E } from '@storefleet/contracts';
import type { FastifyInstance } from 'fastify';

import type { AppContext } from '../../context';
import { defineRoute } from '../../http/route';
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

export function registerLevelRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, E.addOrUpdateLevelConfig, async function addOrUpdateLevelConfig({ body, caller, scope }) {
    return saveLevel(ctx, caller, scope, body);
  });
  defineRoute(app, E.deleteLevelConfig, async function deleteLevelConfig({ params, scope }) {
    await deleteLevelService(ctx, scope, params.id);
    return null;
  });
  defineRoute(app, E.listLevelConfig, async function listLevelConfig({ query, scope }) {
    return levelConfigTree(ctx, scope, query.companyId);
  });
  defineRoute(app, E.listNextLevel, async function listNextLevel({ params, scope }) {
    return nextLevels(ctx, scope, [params.levelId]);
  });
  defineRoute(app, E.listNextLevelMulti, async function listNextLevelMulti({ params, scope }) {
    return nextLevels(ctx, scope, params.levelIdListStr);
  });
  defineRoute(app, E.listStore, async function listStore({ params, scope }) {
    return storesOfLevels(ctx, scope, [params.levelId]);
  });
  defineRoute(app, E.listStoreMulti, async function listStoreMulti({ params, scope }) {
    return storesOfLevels(ctx, scope, params.levelIdListStr);
  });
  defineRoute(app, E.listDtLevel, async function listDtLevel({ query, scope }) {
    return flatLevels(ctx, scope, query.companyId);
  });
  defineRoute(app, E.listLevelTree, async function listLevelTree({ query, scope }) {
    return regionLevelTree(ctx, scope, query.companyId);
  });
  defineRoute(app, E.listAreaLevel, async function listAreaLevel({ query, scope }) {
    return areaLevels(ctx, scope, query.companyId);
  });
}

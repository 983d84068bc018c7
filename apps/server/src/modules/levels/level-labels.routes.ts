/** Level label calls (contracts `LevelLabelEndpoints`). */
import { LevelLabelEndpoints as E } from '@storefleet/contracts';
import type { FastifyInstance } from 'fastify';

import type { AppContext } from '../../context';
import { defineRoute } from '../../http/route';
import { deleteLabel, listLabels, saveLabel } from './level-labels.service';

export function registerLevelLabelRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, E.addOrUpdateLevelLabel, async function addOrUpdateLevelLabel({ body, scope }) {
    return saveLabel(ctx, scope, body);
  });
  defineRoute(app, E.deleteLevelLabel, async function deleteLevelLabel({ params, scope }) {
    await deleteLabel(ctx, scope, params.id);
    return null;
  });
  defineRoute(app, E.listLevelLabel, async function listLevelLabel({ query, scope }) {
    return listLabels(ctx, scope, query.companyId);
  });
}

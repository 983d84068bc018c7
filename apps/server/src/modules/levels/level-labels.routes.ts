/** Level label calls under /api/user-service/systemSetting (spec §7). */
import {
  BUTTON,
  CompanyIdQuery,
  LevelLabelIdParams,
  LevelLabelSaveBody,
  LevelLabelSchema,
  MODULE,
  PAGE,
} from '@storefleet/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';

import type { AppContext } from '../../context';
import { defineRoute } from '../../http/route';
import { ORG_READ_CODES } from '../stores/org-read-codes';
import { deleteLabel, listLabels, saveLabel } from './level-labels.service';

const PREFIX = '/api/user-service/systemSetting';
const EDIT = [MODULE.store, PAGE.levelSetting, BUTTON.levelLabelEdit] as const;

export function registerLevelLabelRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, {
    method: 'POST',
    url: `${PREFIX}/addOrUpdateLevelLabel`,
    summary: 'Add or update level label',
    module: 'level',
    permissions: EDIT,
    body: LevelLabelSaveBody,
    response: LevelLabelSchema,
    handler: async function addOrUpdateLevelLabel({ body, scope }) {
      return saveLabel(ctx, scope, body);
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: `${PREFIX}/deleteLevelLabel/:id`,
    summary: 'Delete level label',
    module: 'level',
    permissions: EDIT,
    params: LevelLabelIdParams,
    handler: async function deleteLevelLabel({ params, scope }) {
      await deleteLabel(ctx, scope, params.id);
      return null;
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: `${PREFIX}/listLevelLabel`,
    summary: 'List level labels',
    module: 'level',
    permissions: ORG_READ_CODES,
    query: CompanyIdQuery,
    response: z.array(LevelLabelSchema),
    handler: async function listLevelLabel({ query, scope }) {
      return listLabels(ctx, scope, query.companyId);
    },
  });
}

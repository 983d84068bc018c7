/** Config item calls under /api/user-service/configItem (settings module, monitoring settings page). */
import {
  BUTTON,
  CompanyItemParams,
  ConfigItemListResponse,
  ConfigItemUpdateBody,
  MODULE,
  PAGE,
} from '@storefleet/contracts';
import type { FastifyInstance } from 'fastify';

import type { AppContext } from '../../context';
import { defineRoute } from '../../http/route';
import { listCompanyConfigItems, listOwnConfigItems, updateConfigItems } from './config.service';

const PREFIX = '/api/user-service/configItem';
const READ = [MODULE.settings, PAGE.monitorSetting];

export function registerConfigRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, {
    method: 'GET',
    url: `${PREFIX}/list/:companyId/CompanyItem`,
    summary: 'Config items of a company',
    module: 'config',
    permissions: READ,
    params: CompanyItemParams,
    response: ConfigItemListResponse,
    handler: async function companyItem({ params, scope }) {
      return listCompanyConfigItems(ctx.db, scope, params.companyId);
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: `${PREFIX}/list`,
    summary: 'Config items of the current company',
    module: 'config',
    permissions: READ,
    response: ConfigItemListResponse,
    handler: async function list({ scope }) {
      return listOwnConfigItems(ctx.db, scope);
    },
  });

  defineRoute(app, {
    method: 'PUT',
    url: PREFIX,
    summary: 'Save config items',
    module: 'config',
    permissions: [...READ, BUTTON.configUpdate],
    body: ConfigItemUpdateBody,
    response: ConfigItemListResponse,
    handler: async function update({ body, scope, caller }) {
      return updateConfigItems(ctx.db, scope, caller, body);
    },
  });
}

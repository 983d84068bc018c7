/** Config item calls (contracts `ConfigEndpoints`): settings module, monitoring settings page. */
import { ConfigEndpoints as E } from '@storefleet/contracts';
import type { FastifyInstance } from 'fastify';

import type { AppContext } from '../../context';
import { defineRoute } from '../../http/route';
import { listCompanyConfigItems, listOwnConfigItems, updateConfigItems } from './config.service';

export function registerConfigRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, E.listCompanyItem, async function companyItem({ params, scope }) {
    return listCompanyConfigItems(ctx.db, scope, params.companyId);
  });
  defineRoute(app, E.list, async function list({ scope }) {
    return listOwnConfigItems(ctx.db, scope);
  });
  defineRoute(app, E.update, async function update({ body, scope, caller }) {
    return updateConfigItems(ctx.db, scope, caller, body);
  });
}

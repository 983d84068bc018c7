/** Global search (contracts `SearchEndpoints`). */
import { SearchEndpoints as E } from '@storefleet/contracts';
import type { FastifyInstance } from 'fastify';

import type { AppContext } from '../../context';
import { defineRoute } from '../../http/route';
import { globalSearch as findStoresAndDevices } from './search.service';

export function registerSearchRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, E.globalSearch, async function globalSearch({ query, caller, scope }) {
    return findStoresAndDevices(ctx, caller, scope, query);
  });
}

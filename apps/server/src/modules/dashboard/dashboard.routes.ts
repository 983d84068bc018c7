/** Dashboard, monitor screen and stores overview calls (contracts `DashboardEndpoints`). */
import { DashboardEndpoints as E } from '@storefleet/contracts';
import type { FastifyInstance } from 'fastify';

import type { AppContext } from '../../context';
import { defineRoute } from '../../http/route';
import { dashboardOverview, storeFigures } from './dashboard.service';
import { usageTrend } from './dashboard-usage';

export function registerDashboardRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, E.getDashboardOverview, async function getDashboardOverview({ query, scope, lang }) {
    return dashboardOverview(ctx, scope, query, lang);
  });
  defineRoute(app, E.getStoreFigures, async function getStoreFigures({ query, scope }) {
    return storeFigures(ctx, scope, query);
  });
  defineRoute(app, E.getUsageTrend, async function getUsageTrend({ query, scope }) {
    return usageTrend(ctx, scope, query);
  });
}

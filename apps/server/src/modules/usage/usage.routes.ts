/** Usage calls (contracts `UsageEndpoints`): the daily list, its export, the reports. */
import { UsageEndpoints as E } from '@storefleet/contracts';
import type { FastifyInstance } from 'fastify';

import type { AppContext } from '../../context';
import { defineRoute } from '../../http/route';
import { exportUsage, listUsage } from './usage-list.service';
import { areaReport, cityReport, storeReport } from './usage-reports.service';

export function registerUsageRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, E.listDeviceUsages, async function listDeviceUsages({ query, scope, lang }) {
    return listUsage(ctx, scope, query, lang);
  });
  defineRoute(app, E.exportDeviceData, async function exportDeviceData({ body, scope, lang }) {
    return exportUsage(ctx, scope, body, lang);
  });
  defineRoute(app, E.areaReport, async function areaUsageReport({ body, scope, lang }) {
    return areaReport(ctx, scope, body, 'rate', lang);
  });
  defineRoute(app, E.cityReport, async function cityUsageReport({ body, scope, lang }) {
    return cityReport(ctx, scope, body, 'rate', lang);
  });
  defineRoute(app, E.stashReport, async function storeUsageReport({ body, scope, lang }) {
    return storeReport(ctx, scope, body, 'rate', lang);
  });
  defineRoute(app, E.areaReportNum, async function areaUsageReportNum({ body, scope, lang }) {
    return areaReport(ctx, scope, body, 'num', lang);
  });
  defineRoute(app, E.cityReportNum, async function cityUsageReportNum({ body, scope, lang }) {
    return cityReport(ctx, scope, body, 'num', lang);
  });
  defineRoute(app, E.stashReportNum, async function storeUsageReportNum({ body, scope, lang }) {
    return storeReport(ctx, scope, body, 'num', lang);
  });
}

/** The alert overview's calls and the monitor log (contracts `AlertRecordEndpoints`). */
import { AlertRecordEndpoints as E } from '@storefleet/contracts';
import type { FastifyInstance } from 'fastify';

import type { AppContext } from '../../context';
import { defineRoute } from '../../http/route';
import {
  acknowledgeAlert,
  alertRecordCounts,
  closeAlert,
  listAlertRecords,
  openAlertCount,
} from './alert-records.service';
import { exportAlertRecords } from './alert-records-export';
import { listMonitorLog } from './monitor-log.service';

export function registerAlertRecordRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, E.listAlertRecords, async function listAlertRecordsRoute({ query, scope, lang }) {
    return listAlertRecords(ctx, scope, query, lang);
  });
  defineRoute(app, E.getAlertRecordCounts, async function getAlertRecordCounts({ query, scope }) {
    return alertRecordCounts(ctx, scope, query);
  });
  defineRoute(app, E.exportAlertRecords, async function exportAlertRecordsRoute({ query, scope, lang }) {
    return exportAlertRecords(ctx, scope, query, lang);
  });
  defineRoute(app, E.getOpenAlertCount, async function getOpenAlertCount({ scope }) {
    return openAlertCount(ctx, scope);
  });
  defineRoute(
    app,
    E.acknowledgeAlertRecord,
    async function acknowledgeAlertRecord({ params, body, caller, scope, lang }) {
      return acknowledgeAlert(ctx, caller, scope, params.id, body, lang);
    },
  );
  defineRoute(app, E.closeAlertRecord, async function closeAlertRecord({ params, caller, scope, lang }) {
    return closeAlert(ctx, caller, scope, params.id, lang);
  });
  defineRoute(app, E.listMonitorLog, async function listMonitorLogRoute({ query, scope }) {
    return listMonitorLog(ctx, scope, query);
  });
}

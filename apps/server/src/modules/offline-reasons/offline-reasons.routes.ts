/** Offline-reason calls (contracts `OfflineReasonEndpoints`, /api/device-service/aibox/deviceOfflineReason/*). */
import { OfflineReasonEndpoints as E } from '@storefleet/contracts';
import type { FastifyInstance } from 'fastify';

import { requireCompany } from '../../auth/caller';
import type { AppContext } from '../../context';
import { defineRoute } from '../../http/route';
import { listReasonTypes, saveReasonType } from './offline-reason-types';
import { deviceOfflineReasons, saveOfflineReasons, topReasons } from './offline-reasons.service';

export function registerOfflineReasonRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(
    app,
    E.saveOrUpdateDeviceOfflineReason,
    async function saveOrUpdateDeviceOfflineReason({ body, caller, scope, lang }) {
      return saveOfflineReasons(ctx, caller, scope, lang, body);
    },
  );
  defineRoute(app, E.deviceOfflineReasons, async function deviceOfflineReason({ params, scope, lang }) {
    return deviceOfflineReasons(ctx, scope, lang, params.deviceId);
  });
  defineRoute(
    app,
    E.getDeviceOfflineReasonTypeList,
    async function getDeviceOfflineReasonTypeList({ query, scope }) {
      return listReasonTypes(ctx, requireCompany(scope), query.all === 1);
    },
  );
  defineRoute(app, E.saveOfflineReasonType, async function saveOfflineReasonType({ body, caller, scope }) {
    return saveReasonType(ctx, caller, scope, requireCompany(scope), body);
  });
  defineRoute(app, E.topReasons, async function topOfflineReasons({ body, scope, lang }) {
    return topReasons(ctx, scope, lang, body);
  });
}

/** Notification calls (contracts `NotificationEndpoints`): channel settings, test message, delivery log. */
import { NotificationEndpoints as E } from '@storefleet/contracts';
import type { FastifyInstance } from 'fastify';

import type { AppContext } from '../../context';
import { defineRoute } from '../../http/route';
import {
  getNotificationSettings,
  listRecordDeliveries,
  saveNotificationSettings,
  sendTestNotification,
} from './notifications.service';
import { TestSendLimit } from './test-send-limit';

export function registerNotificationRoutes(app: FastifyInstance, ctx: AppContext): void {
  // One count of test sends per app (per server node).
  const testSends = new TestSendLimit();
  defineRoute(app, E.getNotificationSettings, async function getNotificationSettingsRoute({ scope }) {
    return getNotificationSettings(ctx, scope);
  });
  defineRoute(
    app,
    E.saveNotificationSettings,
    async function saveNotificationSettingsRoute({ body, scope, caller }) {
      return saveNotificationSettings(ctx, scope, caller, body);
    },
  );
  defineRoute(app, E.testNotification, async function testNotification({ body, scope, lang }) {
    return sendTestNotification(ctx, scope, body, testSends, lang);
  });
  defineRoute(app, E.listDeliveries, async function listDeliveries({ query, scope }) {
    return listRecordDeliveries(ctx, scope, query.recordId);
  });
}

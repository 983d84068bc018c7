/** Alert recipient calls (contracts `AlertSenderEndpoints`, /api/user-service/alertSend/*). */
import { AlertSenderEndpoints as E } from '@storefleet/contracts';
import type { FastifyInstance } from 'fastify';

import type { AppContext } from '../../context';
import { defineRoute } from '../../http/route';
import {
  changeSender,
  createSender,
  listSenderAccounts,
  listSenders,
  removeSender,
} from './alert-senders.service';

export function registerAlertSenderRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, E.querySender, async function querySender({ query, scope }) {
    return listSenders(ctx, scope, query);
  });
  defineRoute(app, E.listSenderAccounts, async function listAccounts({ scope }) {
    return listSenderAccounts(ctx, scope);
  });
  defineRoute(app, E.addSender, async function addSender({ body, caller, scope }) {
    return createSender(ctx, caller, scope, body);
  });
  defineRoute(app, E.updateSender, async function updateSender({ body, caller, scope }) {
    return changeSender(ctx, caller, scope, body);
  });
  defineRoute(app, E.deleteSender, async function deleteSender({ query, scope }) {
    await removeSender(ctx, scope, query.id);
    return null;
  });
}

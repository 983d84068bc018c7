/** Net-test address calls (contracts `NetTestAddressEndpoints`; list: spec §7, edits: admin application). */
import { NetTestAddressEndpoints as E } from '@storefleet/contracts';
import type { FastifyInstance } from 'fastify';

import type { AppContext } from '../../context';
import { defineRoute } from '../../http/route';
import { listAddresses, deleteAddress as removeAddress, saveAddress } from './net-test-address.service';

export function registerNetTestAddressRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, E.listAddress, async function listAddress({ query, scope }) {
    return listAddresses(ctx, scope, query.companyId);
  });
  defineRoute(app, E.addOrUpdateAddress, async function addOrUpdateAddress({ body, caller, scope }) {
    return saveAddress(ctx, caller, scope, body);
  });
  defineRoute(app, E.deleteAddress, async function deleteAddress({ params, scope }) {
    await removeAddress(ctx, scope, params.id);
    return null;
  });
}

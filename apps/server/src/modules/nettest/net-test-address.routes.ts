/** Net-test address calls under /api/user-service/systemSetting (list: spec §7; edits: admin application). */
import {
  BUTTON,
  MODULE,
  NetTestAddressIdParams,
  NetTestAddressListQuery,
  NetTestAddressSaveBody,
  NetTestAddressSchema,
} from '@storefleet/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';

import type { AppContext } from '../../context';
import { defineRoute } from '../../http/route';
import { listAddresses, deleteAddress as removeAddress, saveAddress } from './net-test-address.service';

const PREFIX = '/api/user-service/systemSetting';
const EDIT = [MODULE.netTest, BUTTON.netTestAddressEdit] as const;

export function registerNetTestAddressRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, {
    method: 'GET',
    url: `${PREFIX}/listAddress`,
    summary: 'List net-test addresses',
    module: 'net-test',
    permissions: [MODULE.netTest],
    query: NetTestAddressListQuery,
    response: z.array(NetTestAddressSchema),
    handler: async function listAddress({ query, scope }) {
      return listAddresses(ctx, scope, query.companyId);
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: `${PREFIX}/addOrUpdateAddress`,
    summary: 'Add or update net-test address',
    description:
      'Platform users only. pingUrl is a host name or IP address; no companyId offers it to every company.',
    module: 'net-test',
    permissions: EDIT,
    body: NetTestAddressSaveBody,
    response: NetTestAddressSchema,
    handler: async function addOrUpdateAddress({ body, caller, scope }) {
      return saveAddress(ctx, caller, scope, body);
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: `${PREFIX}/deleteAddress/:id`,
    summary: 'Delete net-test address',
    module: 'net-test',
    permissions: EDIT,
    params: NetTestAddressIdParams,
    handler: async function deleteAddress({ params, scope }) {
      await removeAddress(ctx, scope, params.id);
      return null;
    },
  });
}

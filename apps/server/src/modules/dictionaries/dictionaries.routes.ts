/**
 * Dictionary calls under /api/user-service. They are global reference data every signed-in user's
 * forms need, so they ask only for a session. The `:type/type…` paths are parameterised in their first
 * segment; Fastify's router prefers static segments, so they never shadow other modules' calls.
 */
import {
  CategoryTypeTreeResponse,
  ClassTypeCodeBody,
  DictionaryItemSchema,
  DictionaryRelativeParams,
  DictionaryTypeParams,
} from '@storefleet/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';

import type { AppContext } from '../../context';
import { defineRoute } from '../../http/route';
import {
  categoryTypeTree,
  classTypeLookup,
  dictionaryByRelative,
  dictionaryOfType,
} from './dictionary.service';

const PREFIX = '/api/user-service';
const ItemList = z.array(DictionaryItemSchema);

export function registerDictionaryRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, {
    method: 'GET',
    url: `${PREFIX}/categoryTypeTree`,
    summary: 'Device category tree',
    module: 'dictionary',
    permissions: 'authenticated',
    response: CategoryTypeTreeResponse,
    handler: async function categoryTree() {
      return categoryTypeTree(ctx.db);
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: `${PREFIX}/class/type/code`,
    summary: 'Small categories of a large one, or the large category of a small one',
    module: 'dictionary',
    permissions: 'authenticated',
    body: ClassTypeCodeBody,
    response: ItemList,
    handler: async function classTypeCode({ body }) {
      return classTypeLookup(ctx.db, body);
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: `${PREFIX}/:type/type`,
    summary: 'Dictionary by type',
    module: 'dictionary',
    permissions: 'authenticated',
    params: DictionaryTypeParams,
    response: ItemList,
    handler: async function dictionaryType({ params }) {
      return dictionaryOfType(ctx.db, params.type);
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: `${PREFIX}/:type/type/:relativeCode/relativeCode`,
    summary: 'Dependent dictionary (e.g. models of a brand)',
    module: 'dictionary',
    permissions: 'authenticated',
    params: DictionaryRelativeParams,
    response: ItemList,
    handler: async function dictionaryRelative({ params }) {
      return dictionaryByRelative(ctx.db, params.type, params.relativeCode);
    },
  });
}

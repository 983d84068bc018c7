/** Dictionary calls (contracts `DictionaryEndpoints`): global reference data for every signed-in user. */
import { DictionaryEndpoints as E } from '@storefleet/contracts';
import type { FastifyInstance } from 'fastify';

import type { AppContext } from '../../context';
import { defineRoute } from '../../http/route';
import {
  categoryTypeTree,
  classTypeLookup,
  dictionaryByRelative,
  dictionaryOfType,
} from './dictionary.service';

export function registerDictionaryRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, E.categoryTypeTree, async function categoryTree() {
    return categoryTypeTree(ctx.db);
  });
  defineRoute(app, E.classTypeCode, async function classTypeCode({ body }) {
    return classTypeLookup(ctx.db, body);
  });
  defineRoute(app, E.dictionaryType, async function dictionaryType({ params }) {
    return dictionaryOfType(ctx.db, params.type);
  });
  defineRoute(app, E.dictionaryRelative, async function dictionaryRelative({ params }) {
    return dictionaryByRelative(ctx.db, params.type, params.relativeCode);
  });
}

/** Net tests from the store boxes (contracts `NetTestRunEndpoints`). */
import { NetTestRunEndpoints as E } from '@storefleet/contracts';
import type { FastifyInstance } from 'fastify';

import type { AppContext } from '../../context';
import { defineRoute } from '../../http/route';
import { compareStores, netTestRunResults, netTestRuns, startNetTestRun } from './net-test-runs.service';

export function registerNetTestRunRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, E.runNetTest, async function runNetTest({ body, caller, scope }) {
    return startNetTestRun(ctx, caller, scope, body);
  });
  defineRoute(app, E.netTestRunList, async function netTestRunList({ query, scope }) {
    return netTestRuns(ctx, scope, query);
  });
  defineRoute(app, E.netTestRunResults, async function runResults({ params, scope }) {
    return netTestRunResults(ctx, scope, params.id);
  });
  defineRoute(app, E.netTestCompare, async function netTestCompare({ query, scope }) {
    return compareStores(ctx, scope, query);
  });
}

/** Net tests from the store boxes (contracts `NetTestRunEndpoints`). */
import { NetTestRunEndpoints as E } from '@storefleet/contracts';
import type { FastifyInstance } from 'fastify';

import type { AppContext } from '../../context';
import { defineRoute } from '../../http/route';
import {
  compareStores,
  interruptRunsOfGoneNodes,
  netTestHistory,
  netTestRunResults,
  netTestRuns,
  platformNetTestRunResults,
  platformNetTestRuns,
  startNetTestRun,
  startPlatformNetTestRun,
} from './net-test-runs.service';

export function registerNetTestRunRoutes(app: FastifyInstance, ctx: AppContext): void {
  // Runs live in the node that started them: those of a node that is gone are marked (before serving,
  // then at every heartbeat).
  ctx.engine.node.onTakeover('net test runs', (gone) => interruptRunsOfGoneNodes(ctx, gone));
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
  defineRoute(app, E.netTestHistory, async function history({ query, scope }) {
    return netTestHistory(ctx, scope, query);
  });
  defineRoute(app, E.platformRunNetTest, async function platformRun({ body, caller, scope }) {
    return startPlatformNetTestRun(ctx, caller, scope, body);
  });
  defineRoute(app, E.platformRunList, async function platformRunList({ query, scope }) {
    return platformNetTestRuns(ctx, scope, query);
  });
  defineRoute(app, E.platformRunResults, async function platformRunResults({ params, scope }) {
    return platformNetTestRunResults(ctx, scope, params.id);
  });
}

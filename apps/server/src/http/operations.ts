/**
 * The routes a load balancer and a monitoring system call (issue 15, docs/decisions/operations.md):
 * - `GET /health`: the process is up (200 while it answers at all; 503 SHUTTING_DOWN once draining,
 *   from the lifecycle hook like every request).
 * - `GET /ready`: this node can serve: the database answers and has every migration of this build;
 *   503 with the failing checks otherwise, so a balancer sends traffic elsewhere.
 * - `GET /metrics`: the Prometheus text of engine/engine-metrics.ts plus the HTTP latency by route
 *   and the database pool. A bearer token when METRICS_TOKEN is set; unset, open on a loopback HOST
 *   and closed on any other (operator-access.ts).
 * They are not console calls (no session, no envelope on success), so they have no endpoint object.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';

import type { AppContext } from '../context';
import { pendingMigrations } from '../db/migrate';
import { admitOperator } from './operator-access';

type Check = { ok: true } | { ok: false; problem: string };

async function databaseCheck(ctx: AppContext): Promise<Check> {
  try {
    await sql`select 1`.execute(ctx.db);
  } catch (error) {
    return {
      ok: false,
      problem: `database unreachable: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
  try {
    const pending = await pendingMigrations(ctx.database);
    if (pending.length > 0) {
      return {
        ok: false,
        problem: `${pending.length} migration(s) not applied yet (${pending.slice(0, 3).join(', ')}${pending.length > 3 ? ', …' : ''})`,
      };
    }
  } catch (error) {
    return {
      ok: false,
      problem: `migrations unreadable: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
  return { ok: true };
}

export function installOperations(app: FastifyInstance, ctx: AppContext): void {
  const started = Date.now();
  const { metrics } = ctx.engine;

  // Latency by route pattern (`/api/device-service/aibox/device/:id`), never by URL: bounded labels.
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    metrics.httpSeconds.observe(
      { method: request.method, route, status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });
  const poolUse = ctx.database.poolUse;
  if (poolUse) {
    metrics.gaugeOf(
      'storefleet_db_pool_connections',
      'PostgreSQL pool of this node: connections open (total), idle, and requests waiting for one',
      () => {
        const use = poolUse();
        return { total: use.total, idle: use.idle, waiting: use.waiting };
      },
      'state',
    );
  }

  app.get('/health', async (_request, reply) =>
    reply.header('cache-control', 'no-store').send({
      status: 'up',
      uptimeSeconds: Math.round((Date.now() - started) / 1000),
    }),
  );

  app.get('/ready', async (_request, reply) => {
    const database = await databaseCheck(ctx);
    const problems = database.ok ? [] : [database.problem];
    // `select 1` passes on a SQLite disk that refuses writes: what the other statements met counts too.
    const outage = database.ok ? ctx.database.outage.current() : null;
    if (outage) problems.push(outage);
    if (ctx.engine.cluster && !(await ctx.engine.cluster.ping()))
      problems.push('Redis (REDIS_URL) does not answer');
    return reply
      .status(problems.length === 0 ? 200 : 503)
      .header('cache-control', 'no-store')
      .send({ status: problems.length === 0 ? 'ready' : 'not ready', problems });
  });

  const metricsAccess = {
    variable: 'METRICS_TOKEN',
    token: ctx.config.metricsToken,
    host: ctx.config.host,
    what: { zh: '/metrics', en: '/metrics' },
  } as const;
  app.get('/metrics', async (request, reply) => {
    if (!admitOperator(metricsAccess, request, reply)) return reply;
    return reply
      .header('content-type', metrics.contentType)
      .header('cache-control', 'no-store')
      .send(await metrics.text());
  });
}

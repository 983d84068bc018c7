/**
 * Builds the Fastify app without listening: server.ts listens, tests use `app.inject`. The caller
 * opens (and later closes) the database and runs migrations; the app only uses it.
 */
import fastifyMultipart from '@fastify/multipart';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import pino from 'pino';

import { PasswordHasher } from './auth/passwords';
import { SessionEvents } from './auth/session-events';
import { StreamTickets } from './auth/stream-tickets';
import { TokenSigner } from './auth/tokens';
import type { Config } from './config';
import type { AppContext } from './context';
import type { Database } from './db/database';
import { connectCluster } from './engine/cluster/cluster-bus';
import { newNodeIdentity } from './engine/cluster/node-identity';
import type { ServerNodeTimers } from './engine/cluster/server-node';
import { createEngine } from './engine/engine';
import { installErrorHandler } from './http/error-handler';
import './http/fastify-types';
import { installLifecycle } from './http/lifecycle';
import { installOpenApi } from './http/openapi';
import { installOperations } from './http/operations';
import { installParsing, parseQueryString } from './http/parsing';
import { withoutCredentials } from './http/request-log';
import { type ApiRoute, installRouteLog } from './http/route';
import { installSecurityHeaders } from './http/security-headers';
import { type HttpTimeouts, installTimeouts } from './http/timeouts';
import { installWeb } from './http/web';
import { MODULE_JOBS, MODULE_ROUTES, type RegisterRoutes } from './modules';
import { listRecipientsFor } from './modules/alerts/alert-senders.repository';
import { installOperationLog } from './modules/audit/operation-log.hook';
import { getMonitoringSettings } from './modules/config/config.service';
import { createDeviceCaches } from './modules/devices/device-caches';
import { UsageSumsCache } from './modules/usage/usage-sums-cache';
import { OutboundPolicy, type ResolveHost } from './outbound/outbound-policy';

export const BODY_LIMIT = 1024 * 1024;
/** Default upload limits; routes read their file with `readUpload` (http/upload.ts), which sets its size. */
export const UPLOAD_LIMITS = { fileSize: 2 * 1024 * 1024, files: 1, fields: 20, parts: 22 };

export interface BuildOptions {
  config: Config;
  database: Database;
  logger?: FastifyBaseLogger;
  /** Extra routes registered after the modules (tests use it for probe routes). */
  extraRoutes?: readonly RegisterRoutes[];
  /** The node heartbeat's timers (engine/cluster/server-node.ts); tests of several nodes shorten them. */
  nodeTimers?: ServerNodeTimers;
  /** How the outbound policy resolves host names (tests answer from a table; default: the system's). */
  resolveHost?: ResolveHost;
  /** How long clients may take to send a request (http/timeouts.ts); tests shorten them. */
  httpTimeouts?: HttpTimeouts;
}

export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  // Whatever logger is given, request lines never carry a credential (http/request-log.ts).
  const loggerInstance = withoutCredentials(options.logger ?? pino({ level: config.logLevel }));
  const app = Fastify({
    loggerInstance,
    bodyLimit: BODY_LIMIT,
    trustProxy: config.trustProxy,
    return503OnClosing: false,
    // Closing comes after drainAndClose has let in-flight requests finish (or the grace period ran
    // out): whatever connection is still open then is cut, instead of holding the shutdown.
    forceCloseConnections: true,
    routerOptions: { querystringParser: parseQueryString },
  });

  installTimeouts(app.server, options.httpTimeouts);

  // One identity per app instance: the bus, the job leases, the heartbeat and the runs name it.
  const identity = newNodeIdentity();
  // Several nodes: the bus to the others, connected before anything is published (a Redis that cannot
  // be reached stops the start with its reason).
  const cluster = config.redisUrl
    ? await connectCluster(
        config.redisUrl,
        config.databaseUrl,
        (error) => app.log.warn({ err: error }, 'cluster bus (Redis) problem'),
        identity.id,
      )
    : undefined;
  const outbound = new OutboundPolicy({
    allow: config.outboundAllow,
    listenHost: config.host,
    resolve: options.resolveHost,
  });
  // The monitoring engine (engine/engine.ts); the config module supplies the settings it reads.
  const { jobs, scheduler, ...engine } = createEngine(app, {
    database,
    log: app.log,
    secrets: config.secrets,
    settings: getMonitoringSettings,
    recipients: listRecipientsFor,
    // The hub throttles refused keys per client address, which behind a proxy is X-Forwarded-For.
    hub: { trustProxy: config.trustProxy },
    cluster,
    identity,
    nodeTimers: options.nodeTimers,
    outbound,
    notifyMaxima: config.notifyMaxima,
  });
  const ctx: AppContext = {
    config,
    outbound,
    database,
    db: database.db,
    log: app.log,
    auth: {
      passwords: new PasswordHasher(config.passwordHashing),
      tokens: new TokenSigner(config.jwtSecret, config.tokenTtlSeconds),
      streamTickets: new StreamTickets(),
      sessionEvents: new SessionEvents(),
    },
    engine,
    caches: {
      devices: createDeviceCaches(database.writes),
      usageSums: new UsageSumsCache(database.writes),
    },
    jobs,
    scheduler,
  };
  app.decorate('ctx', ctx);
  app.decorate('apiRoutes', [] as ApiRoute[]);
  app.decorateRequest('caller', null);
  app.decorateRequest('scope', null);

  // Order matters: draining refuses requests before anything else runs.
  installLifecycle(app);
  installRouteLog(app);
  installParsing(app);
  installSecurityHeaders(app);
  installErrorHandler(app);
  installOperationLog(app);
  // Multipart requests are read only by routes that call request.file(); the parser streams, so the
  // 1 MiB body limit does not apply and UPLOAD_LIMITS do.
  await app.register(fastifyMultipart, { limits: UPLOAD_LIMITS });

  installOperations(app, ctx);
  for (const register of [...MODULE_ROUTES, ...(options.extraRoutes ?? [])]) register(app, ctx);
  for (const declare of MODULE_JOBS) ctx.scheduler.add(declare(ctx));

  await installOpenApi(app, config.docsToken);
  await installWeb(app, config.webDist);
  return app;
}

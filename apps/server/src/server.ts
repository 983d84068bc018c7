/**
 * Entry point (`npm start` from the repository root, or `npm start -w apps/server`): configuration,
 * database and migrations, start-up seed, then listen. SIGTERM / SIGINT drain in-flight requests
 * (new ones get 503), close the app and the database, and exit.
 */
import { setFlagsFromString } from 'node:v8';

import pino from 'pino';

import { buildApp } from './app';
import { ConfigError, isLoopbackHost, loadConfig } from './config';
import { openDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import { startDemoFleet } from './demo/demo-fleet';
import { startDemoSpeedTest } from './demo/demo-speed-test';
import { accountsWithPublishedPassword } from './demo/published-password';
import { seedOnStart } from './demo/seed';
import { drainAndClose } from './http/lifecycle';
import { installProcessGuards } from './process-guards';
import { startBanner } from './start-banner';

/** The database URL with any password hidden, for the log. */
function describeDatabase(url: string): string {
  if (!/^postgres(ql)?:\/\//.test(url)) return url;
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}

/**
 * V8 lets the old generation grow to up to 4× the live heap between full collections. Ingest makes
 * large short-lived objects (each results frame is a string of up to ~0.5 MB, then its rows and SQL
 * parameters), so under load that headroom was filled with garbage: bench/ingest.ts on PostgreSQL,
 * ~80 MB live, peaked at 489 MB resident. Growing 2× instead (read by V8 at every collection, so
 * setting it at start-up is enough) kept the same run at 314 MB with the same throughput.
 */
const HEAP_GROWING_PERCENT = 100;

async function main(): Promise<void> {
  setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
  const config = loadConfig();
  const logger = pino({ level: config.logLevel });
  installProcessGuards(logger);
  logger.info({ database: describeDatabase(config.databaseUrl), demo: config.demo }, 'starting');
  const database = openDatabase(config.databaseUrl, { onWarning: (message) => logger.warn(message) });
  await migrateToLatest(database, { secrets: config.secrets });
  const app = await buildApp({ config, database, logger });
  const outcome = await seedOnStart(database, config, app.ctx.auth.passwords);
  if (!isLoopbackHost(config.host)) {
    const exposed = await accountsWithPublishedPassword(database, app.ctx.auth.passwords);
    if (exposed.length > 0) {
      throw new ConfigError(
        `HOST=${config.host} lets other machines reach the server, and the demo accounts ${exposed.join(', ')} ` +
          'still have the published password (this database was seeded with it). Start once with HOST unset, ' +
          'sign in and change their passwords (or disable them), or use a fresh database.',
      );
    }
    // Closed rather than open to everyone (http/operator-access.ts); said once, so nobody wonders why.
    const closed = [
      config.metricsToken ? null : '/metrics (set METRICS_TOKEN)',
      config.docsToken ? null : '/api/docs and /api/openapi.json (set DOCS_TOKEN)',
    ].filter((line) => line !== null);
    if (closed.length > 0)
      logger.warn(`HOST=${config.host} lets other machines reach the server: closed ${closed.join('; ')}.`);
  }

  let stopping = false;
  // The in-process demo fleet (simulated store boxes), started after listening.
  let fleet: { stop(): Promise<void> } | null = null;
  // The demo's speed-test endpoint on 127.0.0.1 (demo/demo-speed-test.ts), for its net-test addresses.
  const speedTest = await startDemoSpeedTest(config.demo, database.db);
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) {
      logger.warn({ signal }, 'second signal: exiting without waiting');
      process.exit(1);
    }
    stopping = true;
    logger.info({ signal }, 'shutting down: finishing in-flight requests');
    Promise.resolve(fleet?.stop())
      .then(() => speedTest?.stop())
      .then(() => drainAndClose(app, config.shutdownGraceMs))
      .then(() => database.close())
      .then(() => {
        logger.info('stopped');
        process.exit(0);
      })
      .catch((error: unknown) => {
        logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      });
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);

  await app.listen({ port: config.port, host: config.host });
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const port = app.server.address();
  const shownPort = typeof port === 'object' && port ? port.port : config.port;
  process.stdout.write(startBanner(config, outcome, `http://${shownHost}:${shownPort}`));
  if (!stopping) fleet = await startDemoFleet(config, database, shownPort, logger);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    process.stderr.write(`Storefleet cannot start: ${error.message}\n`);
  } else {
    process.stderr.write(
      `Storefleet failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
  }
  process.exit(1);
});

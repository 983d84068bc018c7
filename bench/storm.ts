/**
 * Alert storm benchmark (issue 11 "Benchmarks"): every store's box goes offline in one sweep.
 *
 *   npm run bench:storm [-- --db sqlite|postgres] [--boxes 1000]
 *
 * Per database: a fresh database, migrated, and the server's app built in this process (no listening,
 * timers stopped, so the sweep and the notifier run when the benchmark says). One company with
 * `--boxes` stores, each with its AI box and three devices behind it (switch, POS, printer), all
 * online and last heard of ten minutes ago. Then:
 *   1. baseline A — the sweep over that fleet with no rule and no recipient;
 *   2. the storm — the demo's 设备离线 rule (online EQ 0) with hold 0, three recipients per store (email
 *      in Chinese, email in English, SMS), channels pointed at a local smtp-server and a local HTTP
 *      "SMS provider" (127.0.0.1), caps at their defaults (20 per recipient and channel, 200 per company
 *      per hour); the same sweep (the notifier's wake-ups held until it ends, unless
 *      --notifier-during-sweep), then notifier passes until nothing is left to send;
 *   3. the hour after — the notifier's clock moved past the hour: the summaries of what the caps held
 *      (one per recipient and channel, counted against the caps, oldest first) and the repeat notices
 *      (30 minutes by default) of the alerts still open, together within the company cap;
 *   4. baseline B — the rule off, the fleet silent again, the sweep once more (A and B around the storm,
 *      so drift cancels in their mean).
 * It prints each sweep's transactions (it marks 500 devices per transaction), what was opened, queued,
 * sent and held, and PASS/FAIL lines with the exact counts the caps allow. Loopback only.
 */
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';

import pino from 'pino';

import { buildApp } from '../apps/server/src/app';
import { type Config, SIGN_IN_THROTTLE } from '../apps/server/src/config';
import type { AppContext } from '../apps/server/src/context';
import { type DialectName, openDatabase } from '../apps/server/src/db/database';
import { migrateToLatest } from '../apps/server/src/db/migrate';
import { SWEEP_CHUNK } from '../apps/server/src/engine/jobs/offline-sweep';
import { randomSecretKeyRing } from '../apps/server/src/secrets/secret-keys';
import { dialectsFromArgs, freshDatabase } from './support/fresh-database';
import { fmt, machineLine, numberArg, printBars } from './support/report';
import {
  countStorm,
  countUnsent,
  DEVICES_PER_BOX,
  insertStormAlerting,
  insertStormFleet,
  RECIPIENTS_PER_STORE,
  resetFleet,
  type StormCounts,
  stormChannels,
} from './support/storm-fixture.repository';
import { startStormHttp, startStormSmtp } from './support/storm-peers';
import { printStorm, type StormFigures, stormBars } from './support/storm-report';
import { timedSweep } from './support/timed-sweep';

/** How long the devices have been silent when a sweep runs (well past the 90 s default threshold). */
const SILENT_FOR_MS = 10 * 60_000;
/** Most notifier passes the benchmark waits for before it calls the run stuck. */
const MAX_PASSES = 60;

const USAGE = `npm run bench:storm [-- options]
  --db sqlite|postgres   one database (default both)
  --boxes N              stores, each with one box and ${DEVICES_PER_BOX} devices behind it (default 1000)
  --notifier-during-sweep  let the notifier, woken by the sweep's first commit, run beside the sweep's
                         later transactions (as in the server) instead of after the sweep
PostgreSQL: BENCH_PG_URL (default postgres://postgres@127.0.0.1:5432/test, loopback only).`;

function benchConfig(dataDir: string, databaseUrl: string): Config {
  return {
    port: 0,
    host: '127.0.0.1',
    databaseUrl,
    dataDir,
    demo: false,
    logLevel: 'warn',
    jwtSecret: randomBytes(32).toString('base64url'),
    secrets: randomSecretKeyRing(),
    tokenTtlSeconds: 3600,
    demoPassword: 'unused',
    adminUsername: undefined,
    adminPassword: undefined,
    webDist: join(dataDir, 'no-web'),
    trustProxy: false,
    passwordHashing: { memoryCost: 1024, timeCost: 1, parallelism: 1 },
    signInThrottle: SIGN_IN_THROTTLE,
    sessionIdleMinutes: 30,
    shutdownGraceMs: 5_000,
    // The benchmark's SMTP and HTTP peers listen on loopback; its caps are the contract's highest.
    outboundAllow: ['127.0.0.0/8'],
    notifyMaxima: { perRecipientPerHour: 1000, perCompanyPerHour: 100_000 },
    upgradeReconnectGraceMs: 300_000,
  };
}

function deliveryTotal(counts: StormCounts): number {
  let total = 0;
  for (const n of counts.deliveries.values()) total += n;
  return total;
}

/**
 * Notifier passes until nothing is queued or sending and a pass added no delivery; returns the passes
 * run. A pass that left deliveries queued without adding any (a send failed and waits for its retry)
 * moves the notifier's clock on by `retryStep` (the first backoff), counted in `retries`.
 */
async function drain(
  ctx: AppContext,
  companyId: number,
  advance: () => void,
  retries: { count: number },
): Promise<number> {
  let before = -1;
  for (let pass = 1; pass <= MAX_PASSES; pass++) {
    await ctx.engine.notifier.run();
    const total = deliveryTotal(await countStorm(ctx.db, companyId));
    const unsent = await countUnsent(ctx.db, companyId);
    if (unsent === 0 && total === before) return pass;
    if (unsent > 0 && total === before) {
      advance();
      retries.count++;
    }
    before = total;
  }
  throw new Error(`the notifier still had work after ${MAX_PASSES} passes`);
}

async function runOn(dialect: DialectName, boxes: number, concurrent: boolean): Promise<StormFigures> {
  const fresh = await freshDatabase(dialect, 'storm');
  const [smtp, http] = await Promise.all([startStormSmtp(), startStormHttp()]);
  const database = openDatabase(fresh.url);
  try {
    await migrateToLatest(database);
    const app = await buildApp({
      config: benchConfig(fresh.dir, fresh.url),
      database,
      logger: pino({ level: 'warn' }),
    });
    await app.ready();
    const ctx = app.ctx;
    // The benchmark drives the sweep and the notifier's passes; the notifier still wakes on alert changes.
    await ctx.scheduler.stop();
    ctx.engine.notifier.stopTimer();
    try {
      const now = () => Date.now();
      const fleet = await insertStormFleet(ctx.db, dialect, boxes, now() - SILENT_FOR_MS);
      process.stdout.write(
        `[${dialect}] ${fmt(boxes)} stores × (1 box + ${DEVICES_PER_BOX} devices), ${RECIPIENTS_PER_STORE} recipients per store\n`,
      );

      const baselineA = await timedSweep(ctx, now());

      await resetFleet(ctx.db, fleet.companyId, now() - SILENT_FOR_MS);
      const ruleId = await insertStormAlerting(
        ctx.db,
        ctx.config.secrets,
        fleet,
        stormChannels(smtp.port, http.url),
      );
      ctx.engine.rulesCache.invalidate(fleet.companyId);
      // Noon today: inside the default opening hours, so nothing is muted; caps count from this hour.
      const noon = new Date();
      noon.setHours(12, 5, 0, 0);
      let notifierNow = noon.getTime();
      ctx.engine.notifier.clock = () => notifierNow;

      const stormStart = performance.now();
      const retries = { count: 0 };
      const retryStep = () => {
        notifierNow += 61_000;
      };
      // By default the notifier's wake-ups wait for the sweep's end, so the sweep's transactions are
      // timed alone; --notifier-during-sweep lets it run beside them as in the server (on SQLite it then
      // shares the one connection, and the sweep's later transactions wait for its batches).
      const wake = ctx.engine.notifier.wake.bind(ctx.engine.notifier);
      if (!concurrent) ctx.engine.notifier.wake = () => {};
      const storm = await timedSweep(ctx, now());
      ctx.engine.notifier.wake = wake;
      await drain(ctx, fleet.companyId, retryStep, retries);
      const stormToSentMs = performance.now() - stormStart;
      const firsts = [smtp.firstAt(), http.firstAt()].filter((v): v is number => v !== null);
      const stormToFirstMs = firsts.length > 0 ? Math.min(...firsts) - stormStart : null;
      const afterStorm = await countStorm(ctx.db, fleet.companyId);

      notifierNow += 60 * 60_000;
      const hourPasses = await drain(ctx, fleet.companyId, retryStep, retries);
      const afterHour = await countStorm(ctx.db, fleet.companyId);

      await ctx.db.updateTable('alert_rules').set({ status: 0 }).where('id', '=', ruleId).execute();
      ctx.engine.rulesCache.invalidate(fleet.companyId);
      await resetFleet(ctx.db, fleet.companyId, now() - SILENT_FOR_MS);
      const baselineB = await timedSweep(ctx, now());

      let wrongLanguage = 0;
      for (const [address, subjects] of smtp.subjects) {
        const english = address.startsWith('it-');
        for (const subject of subjects)
          if (english ? !subject.startsWith('[') : !subject.startsWith('【')) wrongLanguage++;
      }
      return {
        dialect,
        boxes,
        baselineA,
        storm,
        baselineB,
        stormToSentMs,
        stormToFirstMs,
        afterStorm,
        afterHour,
        hourPasses,
        mails: smtp.count(),
        sms: http.bodies.length,
        wrongLanguage,
        retryWaits: retries.count,
        concurrent,
      };
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
    await Promise.all([smtp.close(), http.close(), fresh.drop()]);
  }
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  if (argv.includes('--help')) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const boxes = Math.floor(numberArg(argv, 'boxes', 1000));
  const concurrent = argv.includes('--notifier-during-sweep');
  process.stdout.write(`${machineLine()}\nsweep chunk: ${SWEEP_CHUNK} devices per transaction\n`);
  let ok = true;
  for (const dialect of dialectsFromArgs(argv)) {
    const figures = await runOn(dialect, boxes, concurrent);
    printStorm(figures);
    ok = printBars(dialect, stormBars(figures)) && ok;
  }
  process.stdout.write(`${machineLine()}\n`);
  if (!ok) process.exitCode = 1;
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});

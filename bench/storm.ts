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

import type { Kysely } from 'kysely';
import pino from 'pino';

import { buildApp } from '../apps/server/src/app';
import { type Config, SIGN_IN_THROTTLE } from '../apps/server/src/config';
import type { AppContext } from '../apps/server/src/context';
import { type Database, type DB, type DialectName, openDatabase } from '../apps/server/src/db/database';
import { migrateToLatest } from '../apps/server/src/db/migrate';
import {
  SWEEP_CHUNK,
  type SweepContext,
  sweepOfflineDevices,
} from '../apps/server/src/engine/jobs/offline-sweep';
import { getMonitoringSettings } from '../apps/server/src/modules/config/config.service';
import { randomSecretKeyRing } from '../apps/server/src/secrets/secret-keys';
import { dialectsFromArgs, freshDatabase } from './support/fresh-database';
import { type Bar, fmt, machineLine, numberArg, printBars, printTable } from './support/report';
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

/** Caps at their defaults (contracts defaultNotificationSettings). */
const CAP_PER_COMPANY = 200;
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

interface SweepFigures {
  totalMs: number;
  /** Each transaction of the sweep, ms (marking chunks, then the due-holds passes). */
  transactionsMs: number[];
  markedOffline: number;
}

interface StormFigures {
  dialect: DialectName;
  boxes: number;
  baselineA: SweepFigures;
  storm: SweepFigures;
  baselineB: SweepFigures;
  /** From the sweep's start until the notifier had nothing left to send. */
  stormToSentMs: number;
  /** From the sweep's start until the first message reached a peer. */
  stormToFirstMs: number | null;
  afterStorm: StormCounts;
  afterHour: StormCounts;
  hourPasses: number;
  mails: number;
  sms: number;
  /** Mails whose subject is not in the language of the recipient it went to. */
  wrongLanguage: number;
  /** Whether the notifier ran beside the storm sweep. */
  concurrent: boolean;
  /** Times the benchmark moved the notifier's clock on for a retry (a send had failed). */
  retryWaits: number;
}

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

/**
 * The handle the sweep writes through, timing each transaction it runs (the wait for the connection
 * included: the notifier, woken by the sweep's first commit, runs beside the later ones as it would in
 * the server).
 */
function timedDatabase(database: Database, times: number[]): Database {
  const db = database.db;
  const timed = new Proxy(db, {
    get(target, prop) {
      if (prop === 'transaction') {
        return () => {
          const builder = target.transaction();
          return {
            execute: async <T>(fn: Parameters<typeof builder.execute<T>>[0]) => {
              const start = performance.now();
              try {
                return await builder.execute(fn);
              } finally {
                times.push(performance.now() - start);
              }
            },
          };
        };
      }
      const value = Reflect.get(target, prop, target) as unknown;
      return typeof value === 'function' ? value.bind(target) : value;
    },
  }) as Kysely<DB>;
  return { ...database, db: timed };
}

async function timedSweep(ctx: AppContext, now: number): Promise<SweepFigures> {
  const transactionsMs: number[] = [];
  const sweepCtx: SweepContext = {
    db: ctx.db,
    database: timedDatabase(ctx.database, transactionsMs),
    rulesCache: ctx.engine.rulesCache,
    statusBus: ctx.engine.statusBus,
  };
  const start = performance.now();
  const result = await sweepOfflineDevices(sweepCtx, now, getMonitoringSettings);
  return {
    totalMs: performance.now() - start,
    transactionsMs,
    markedOffline: result.statusChanges.length,
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
    ctx.jobs.stop();
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

const n = (counts: StormCounts, key: string) => counts.deliveries.get(key) ?? 0;
const heldTotal = (counts: StormCounts) =>
  [...counts.deliveries].filter(([k]) => k.includes('/held/')).reduce((s, [, v]) => s + v, 0);
const sum = (values: readonly number[]) => values.reduce((s, v) => s + v, 0);

function sweepLine(s: SweepFigures): string {
  const tx = s.transactionsMs;
  return `${fmt(s.totalMs)} ms (${tx.length} tx, longest ${fmt(Math.max(0, ...tx))} ms, sum ${fmt(sum(tx))} ms)`;
}

function print(f: StormFigures): void {
  const a = f.afterStorm;
  const h = f.afterHour;
  const baselineMean = (f.baselineA.totalMs + f.baselineB.totalMs) / 2;
  printTable(
    ['', f.dialect],
    [
      ['devices marked offline (storm sweep)', fmt(f.storm.markedOffline)],
      ['baseline A sweep (no rule, no recipient)', sweepLine(f.baselineA)],
      [
        f.concurrent ? 'storm sweep (notifier running beside it)' : 'storm sweep (notifier after it)',
        sweepLine(f.storm),
      ],
      ['baseline B sweep (rule off again)', sweepLine(f.baselineB)],
      ['storm ÷ mean baseline', `${fmt((f.storm.totalMs / baselineMean) * 100)}%`],
      [
        'storm: sweep start → first message received',
        f.stormToFirstMs === null ? '-' : `${fmt(f.stormToFirstMs / 1000, 1)} s`,
      ],
      ['storm: sweep start → last message sent', `${fmt(f.stormToSentMs / 1000, 1)} s`],
      ['box alert records opened', fmt(a.boxRecords)],
      ['device records opened / held under box', `${fmt(a.deviceRecords)} / ${fmt(a.deviceRecordsHeld)}`],
      ['deliveries about device records', fmt(a.deviceDeliveries)],
      ['storm: openings queued → sent', fmt(n(a, 'open/sent'))],
      ['storm: held by recipient cap', fmt(n(a, 'open/held/recipient_cap'))],
      ['storm: held by company cap', fmt(n(a, 'open/held/company_cap'))],
      ['storm: summaries queued', fmt(n(a, 'summary/sent') + n(a, 'summary/queued'))],
      ['hour after: summaries queued → sent', fmt(n(h, 'summary/sent'))],
      [
        'hour after: repeats sent / held (company cap)',
        `${fmt(n(h, 'repeat/sent'))} / ${fmt(n(h, 'repeat/held/company_cap'))}`,
      ],
      [
        'hour after: held messages reported by a summary / still waiting',
        `${fmt(h.heldReported)} / ${fmt(heldTotal(h) - h.heldReported)}`,
      ],
      ['hour after: notifier passes', fmt(f.hourPasses)],
      ['clock moved on for a retry (failed sends)', fmt(f.retryWaits)],
      ['peers: mails / SMS received', `${fmt(f.mails)} / ${fmt(f.sms)}`],
    ],
  );
  process.stdout.write(
    `[${f.dialect}] deliveries by kind/status/reason: ${[...h.deliveries].map(([k, v]) => `${k}=${fmt(v)}`).join(' ')}\n`,
  );
}

function bars(f: StormFigures): Bar[] {
  const a = f.afterStorm;
  const h = f.afterHour;
  const boxes = f.boxes;
  const wanted = boxes * RECIPIENTS_PER_STORE;
  const allowed = Math.min(CAP_PER_COMPANY, wanted);
  const held = wanted - allowed;
  // The hour after: one summary per held (recipient, channel) — each held one message — oldest first,
  // then the repeats of every open alert, all within the one company cap.
  const summaries = Math.min(CAP_PER_COMPANY, held);
  const repeatsSent = Math.min(CAP_PER_COMPANY - summaries, wanted);
  const exact = (name: string, got: number, expected: number): Bar => ({
    name,
    pass: got === expected,
    detail: `${fmt(got)} (expected ${fmt(expected)})`,
  });
  const atMost = (name: string, got: number, bound: number): Bar => ({
    name,
    pass: got <= bound,
    detail: `${fmt(got)} (at most ${fmt(bound)})`,
  });
  const failed = [...h.deliveries].filter(([k]) => k.includes('/failed')).reduce((s, [, v]) => s + v, 0);
  const hourAfterSent =
    n(h, 'summary/sent') + n(h, 'repeat/sent') + n(h, 'recovery/sent') + n(h, 'open/sent');
  const stormHourSent =
    n(a, 'summary/sent') + n(a, 'repeat/sent') + n(a, 'recovery/sent') + n(a, 'open/sent');
  return [
    exact('devices marked offline in the storm sweep', f.storm.markedOffline, boxes * (1 + DEVICES_PER_BOX)),
    exact('box alert records opened', a.boxRecords, boxes),
    exact('device records opened', a.deviceRecords, boxes * DEVICES_PER_BOX),
    exact('device records held under their box record', a.deviceRecordsHeld, boxes * DEVICES_PER_BOX),
    exact('deliveries about a device record (none: the box speaks for them)', a.deviceDeliveries, 0),
    exact('openings queued and sent (what the company cap allows)', n(a, 'open/sent'), allowed),
    exact('openings held by the company cap (the rest)', n(a, 'open/held/company_cap'), held),
    exact('openings held by the recipient cap (one message each)', n(a, 'open/held/recipient_cap'), 0),
    exact('summaries during the storm hour (they wait for the hour to end)', n(a, 'summary/sent'), 0),
    atMost('messages sent in the storm hour (company cap)', stormHourSent, CAP_PER_COMPANY),
    exact('summaries the hour after, sent (oldest held first, company cap)', n(h, 'summary/sent'), summaries),
    exact("held messages the hour after's summaries report (one each)", h.heldReported, summaries),
    exact(
      'repeat notices the hour after, sent (what the summaries left of the cap)',
      n(h, 'repeat/sent'),
      repeatsSent,
    ),
    exact(
      'repeat notices the hour after, held (company cap)',
      n(h, 'repeat/held/company_cap'),
      wanted - repeatsSent,
    ),
    atMost(
      'messages sent in the hour after, summaries included (company cap)',
      hourAfterSent - stormHourSent,
      CAP_PER_COMPANY,
    ),
    exact(
      'held messages not lost (reported by a summary or waiting for one)',
      heldTotal(h),
      held + wanted - repeatsSent,
    ),
    exact('deliveries failed', failed, 0),
    exact(
      'messages the peers received (= sent: openings, summaries, repeats)',
      f.mails + f.sms,
      n(h, 'open/sent') + n(h, 'summary/sent') + n(h, 'repeat/sent'),
    ),
    exact("mails not in their recipient's language", f.wrongLanguage, 0),
    exact(
      'devices marked offline by each baseline sweep',
      f.baselineA.markedOffline + f.baselineB.markedOffline,
      2 * boxes * (1 + DEVICES_PER_BOX),
    ),
  ];
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
    print(figures);
    ok = printBars(dialect, bars(figures)) && ok;
  }
  process.stdout.write(`${machineLine()}\n`);
  if (!ok) process.exitCode = 1;
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});

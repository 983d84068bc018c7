/**
 * The HTTP test harness: an app on a fresh database (see test-database.ts), optionally with the demo
 * seed, driven through `app.inject`. Password hashing is cheap here (TEST_HASHING) so sign-in-heavy
 * tests stay fast; production keeps argon2id at 19 MiB / 2 passes.
 *
 *   const t = await createTestApp({ demo: true });
 *   afterAll(() => t.close());
 *   const token = await t.signIn('admin');
 *   const page = await t.call(StoreEndpoints.list, { query: { pageNum: 1 } }, token);
 *   const res = await t.send(StoreEndpoints.list, { query: { sortBy: 'password' } }, token); // raw reply
 */
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';

import { AuthEndpoints } from '@storefleet/contracts';
import type { FastifyBaseLogger, FastifyInstance, LightMyRequestResponse } from 'fastify';
import pino from 'pino';

import { buildApp } from '../app';
import { type Config, type PasswordHashingConfig, SIGN_IN_THROTTLE } from '../config';
import type { AppContext } from '../context';
import type { Database } from '../db/database';
import { seedOnStart } from '../demo/seed';
import type { EngineParts } from '../engine/engine-parts';
import type { HttpTimeouts } from '../http/timeouts';
import type { RegisterRoutes } from '../modules';
import { TASK_OVERDUE_JOB } from '../modules/tasks/task-overdue';
import type { ResolveHost } from '../outbound/outbound-policy';
import { tableResolver } from '../outbound/table-resolver';
import { newSecretKeyText, parseSecretKey, type SecretKeyRing, secretKeyOf } from '../secrets/secret-keys';
import { sendCall, type TestClient, testClient } from './test-client';
import { openTestDatabase } from './test-database';

/** Cheap argon2id for tests only. */
export const TEST_HASHING: PasswordHashingConfig = { memoryCost: 1024, timeCost: 1, parallelism: 1 };
export const DEMO_PASSWORD = 'Storefleet@2026';

/**
 * The secrets key of every test app in this process (random), and of the servers tests start as child
 * processes (SECRETS_KEY): test fixtures that write sealed columns straight to the database seal with
 * its ring, TEST_SECRETS, as the server under test does.
 */
export const TEST_SECRETS_KEY = newSecretKeyText();
export const TEST_SECRETS: SecretKeyRing = {
  current: secretKeyOf(parseSecretKey(TEST_SECRETS_KEY, 'TEST_SECRETS_KEY')),
  previous: [],
};

/** A complete configuration for tests: random JWT secret, no web build, cheap hashing. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    port: 0,
    host: '127.0.0.1',
    databaseUrl: 'sqlite::memory:',
    dataDir: join('/nonexistent', 'storefleet-test-data'),
    demo: true,
    logLevel: 'silent',
    jwtSecret: randomBytes(32).toString('base64url'),
    secrets: TEST_SECRETS,
    tokenTtlSeconds: 12 * 3600,
    demoPassword: DEMO_PASSWORD,
    adminUsername: undefined,
    adminPassword: undefined,
    webDist: join('/nonexistent', 'storefleet-web-dist'),
    trustProxy: false,
    passwordHashing: TEST_HASHING,
    signInThrottle: SIGN_IN_THROTTLE,
    sessionIdleMinutes: 30,
    shutdownGraceMs: 5_000,
    upgradeReconnectGraceMs: 300_000,
    checkReplies: true,
    // The notification tests' peers listen on loopback; tests of the refusal pass outboundAllow: [].
    outboundAllow: ['127.0.0.0/8', '::1/128'],
    notifyMaxima: { perRecipientPerHour: 1000, perCompanyPerHour: 100_000 },
    ...overrides,
  };
}

/** An app under test, with its typed calls (`t.call`, `t.send`; test-client.ts). */
export interface TestApp extends TestClient {
  app: FastifyInstance;
  database: Database;
  ctx: AppContext;
  /** The engine's parts as ingest, the hub and the jobs take them (engine/engine-parts.ts). */
  parts: EngineParts;
  /** Signs in (demo password by default) and returns the access token; throws unless it succeeds. */
  signIn(username: string, password?: string): Promise<string>;
  /** Closes the app, then the database, and removes the database. */
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Seed the demo companies and users (default true). */
  demo?: boolean;
  /**
   * With the demo: also seed its 60+ days of usage history (transitions, usage rows, offline reasons;
   * demo/demo-usage.ts). Default false: it costs about 1 s (SQLite) / 2–3 s (PostgreSQL) per app, and
   * only tests that read the demo's history need it.
   */
  demoHistory?: boolean;
  config?: Partial<Config>;
  /** How host names resolve (default: a table with localhost only; never real DNS). */
  resolveHost?: ResolveHost;
  logger?: FastifyBaseLogger;
  extraRoutes?: readonly RegisterRoutes[];
  /** Shorter client timeouts (http/timeouts.ts) for the tests of them. */
  httpTimeouts?: HttpTimeouts;
}

/**
 * The language server tests read replies in: English, as an en-US console sends it. The product's
 * default (no header) is Chinese; tests of that leave the header out (`withoutLanguage`).
 */
export const TEST_LANGUAGE = { 'accept-language': 'en-US' } as const;

/** `{ authorization: 'Bearer …' }` and TEST_LANGUAGE, plus the agent admin's company header when given. */
export function bearer(token: string, companyId?: number): Record<string, string> {
  return companyId === undefined
    ? { authorization: `Bearer ${token}`, ...TEST_LANGUAGE }
    : { authorization: `Bearer ${token}`, 'x-company-id': String(companyId), ...TEST_LANGUAGE };
}

/** `headers` without an Accept-Language header: the console's default language (Chinese). */
export function withoutLanguage(headers: Record<string, string>): Record<string, string> {
  const { 'accept-language': _dropped, ...rest } = headers;
  return rest;
}

/** The parsed envelope of a reply. */
export function envelopeOf<T = unknown>(
  res: LightMyRequestResponse,
): {
  code: string;
  data: T;
  message: string;
  ok: boolean;
} {
  return res.json();
}

/** The engine's parts of an app's context, for tests that call ingest, the hub or the jobs directly. */
export function engineParts(ctx: AppContext): EngineParts {
  const { database, db, log, config, engine } = ctx;
  const { statusBus, rulesCache, metrics } = engine;
  return { database, db, log, secrets: config.secrets, statusBus, rulesCache, metrics };
}

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const { database, cleanup } = await openTestDatabase();
  const config = testConfig({ demo: options.demo ?? true, ...options.config });
  const app = await buildApp({
    config,
    database,
    logger: options.logger ?? pino({ level: 'silent' }),
    resolveHost: options.resolveHost ?? tableResolver(),
    ...(options.extraRoutes ? { extraRoutes: options.extraRoutes } : {}),
    ...(options.httpTimeouts ? { httpTimeouts: options.httpTimeouts } : {}),
  });
  if (config.demo)
    await seedOnStart(database, config, app.ctx.auth.passwords, {
      usageHistory: options.demoHistory ?? false,
    });
  await app.ready();
  // Tests run the task overdue job's passes themselves (tasks.test.ts): on its 60 s timer it would queue
  // notices for the demo's overdue task into whatever test has recipients and runs that long.
  await app.ctx.scheduler.stopJob(TASK_OVERDUE_JOB);
  let closed = false;
  return {
    app,
    database,
    ctx: app.ctx,
    ...testClient(app),
    parts: engineParts(app.ctx),
    async signIn(username, password = DEMO_PASSWORD) {
      const res = await sendCall(app, AuthEndpoints.login, { body: { username, password } });
      if (res.statusCode !== 200)
        throw new Error(`sign-in as ${username} failed: ${res.statusCode} ${res.body}`);
      return envelopeOf<{ accessToken: string }>(res).data.accessToken;
    },
    async close() {
      if (closed) return;
      closed = true;
      await app.close();
      await cleanup();
    },
  };
}

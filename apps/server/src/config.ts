/**
 * Server configuration, read once from the environment. Relative paths (DATABASE_URL's SQLite file,
 * DATA_DIR) are resolved against the repository root, so the server behaves the same whether it is
 * started from the root (`npm start`) or from apps/server.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { BlockList, isIPv6 } from 'node:net';
import { isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { dataFilePath } from './data-folder';
import { parseCidr } from './outbound/ip-address';

import { loadSecretKeyRing, SecretKeyError, type SecretKeyRing } from './secrets/secret-keys';

export const REPO_ROOT = fileURLToPath(new URL('../../..', import.meta.url));

/** argon2id cost. Production values meet OWASP's minimum (19 MiB, 2 passes); tests lower them for speed. */
export interface PasswordHashingConfig {
  memoryCost: number;
  timeCost: number;
  parallelism: number;
}

/** The demo accounts' password printed in the README: fine on loopback, refused on any other address. */
export const PUBLISHED_DEMO_PASSWORD = 'Storefleet@2026';

export const PRODUCTION_HASHING: PasswordHashingConfig = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

/**
 * Sign-in throttling (modules/auth/throttle.ts): a growing delay per (account, client address) pair and
 * an hourly budget per address. No limit refuses an account as a whole.
 */
export interface SignInThrottleConfig {
  /** Failures one account may have from one address before each further try must wait. */
  freeFailuresPerPair: number;
  /** The first wait after those; it doubles with each further failure, up to maxDelaySeconds. */
  firstDelaySeconds: number;
  maxDelaySeconds: number;
  /** Failures one client address may have in an hour, across all accounts, before 429. */
  perAddressPerHour: number;
  /** Failures of one account in an hour, from anywhere, at which a warning is logged (never a refusal). */
  accountWarningPerHour: number;
}

export const SIGN_IN_THROTTLE: SignInThrottleConfig = {
  freeFailuresPerPair: 5,
  firstDelaySeconds: 1,
  maxDelaySeconds: 900,
  perAddressPerHour: 300,
  accountWarningPerHour: 100,
};

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
const LOG_LEVELS: readonly LogLevel[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

export interface Config {
  port: number;
  host: string;
  /** `sqlite:<absolute path>`, `sqlite::memory:` or a `postgres://` / `postgresql://` URL. */
  databaseUrl: string;
  dataDir: string;
  demo: boolean;
  logLevel: LogLevel;
  jwtSecret: string;
  /** The keys that seal secrets at rest (SECRETS_KEY / DATA_DIR/secrets-key, SECRETS_KEY_PREVIOUS). */
  secrets: SecretKeyRing;
  tokenTtlSeconds: number;
  demoPassword: string;
  adminUsername: string | undefined;
  adminPassword: string | undefined;
  webDist: string;
  /** Trust X-Forwarded-For (only behind a proxy you run): it decides the client address for throttling. */
  trustProxy: boolean;
  passwordHashing: PasswordHashingConfig;
  signInThrottle: SignInThrottleConfig;
  /** `SESSION_IDLE_MINUTES`: a session unused this long ends (401); 0 = sessions end only when their token expires. */
  sessionIdleMinutes: number;
  /** How long graceful shutdown waits for in-flight requests before closing anyway. */
  shutdownGraceMs: number;
  /** `UPGRADE_RECONNECT_GRACE_SECONDS`: how long an upgrade run waits for a box without a link before failing it. */
  upgradeReconnectGraceMs: number;
  /** Check every JSON reply against its endpoint's response schema (on in the tests, off in production). */
  checkReplies?: boolean;
  /**
   * `METRICS_TOKEN`: when set, `/metrics` asks for it (http/operator-access.ts); unset, `/metrics` is
   * open on a loopback HOST and closed on any other.
   */
  metricsToken?: string;
  /** `DOCS_TOKEN`: the same for the API documentation, `/api/docs` and `/api/openapi.json`. */
  docsToken?: string;
  /** `REDIS_URL`: the bus between several server nodes on one PostgreSQL database; unset on one node. */
  redisUrl?: string;
  /** `OUTBOUND_ALLOW`: address ranges (CIDR) the server may send to although the outbound policy refuses their class. */
  outboundAllow: string[];
  /** The highest hourly caps a company may set for its notifications (per recipient, per company). */
  notifyMaxima: NotifyMaxima;
  /**
   * `REMOTE_CONTROL_URL_TEMPLATE`: the remote-control link of an Android device, with `{deviceId}`,
   * `{hostid}` and `{intranetIp}` placeholders; unset, no device offers remote control.
   */
  remoteControlUrlTemplate?: string;
  /**
   * `INVENTORY_IMPORT_IN_PROCESS=1`: an inventory import reads its workbook in the server thread
   * instead of a worker (for benchmark comparisons).
   */
  inventoryImportInProcess?: boolean;
}

/** `NOTIFY_MAX_PER_RECIPIENT_HOUR` and `NOTIFY_MAX_PER_COMPANY_HOUR`. */
export interface NotifyMaxima {
  perRecipientPerHour: number;
  perCompanyPerHour: number;
}

/** A configuration problem a person must fix before the server can start. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

type Env = Record<string, string | undefined>;

/** Reads the configuration from `env`. Creates the data folder (and the JWT secret file) when needed. */
export function loadConfig(env: Env = process.env): Config {
  const host = env.HOST || '127.0.0.1';
  const demo = env.DEMO === undefined || !['0', 'false', 'off', 'no'].includes(env.DEMO.toLowerCase());
  const demoPassword = env.DEMO_PASSWORD || PUBLISHED_DEMO_PASSWORD;
  if (demo && demoPassword === PUBLISHED_DEMO_PASSWORD && !isLoopbackHost(host)) {
    throw new ConfigError(
      `HOST=${host} lets other machines reach the server, and the demo accounts would use the published ` +
        'password. Set DEMO_PASSWORD to a password of your own, or DEMO=0 to start without demo accounts ' +
        '(or leave HOST unset to listen on 127.0.0.1 only).',
    );
  }
  const redisUrl = env.REDIS_URL || undefined;
  if (redisUrl && !/^rediss?:\/\//.test(redisUrl)) {
    throw new ConfigError(
      `REDIS_URL must start with redis:// or rediss:// (got "${redisUrl.split(':')[0]}:")`,
    );
  }
  const dataDir = fromRoot(env.DATA_DIR || './data');
  mkdirSync(dataDir, { recursive: true });
  return {
    port: integer(env.PORT, 8080, 'PORT', 0, 65_535),
    host,
    // The default database lives in the data folder, so DATA_DIR alone moves everything.
    databaseUrl: resolveDatabaseUrl(env.DATABASE_URL || `sqlite:${join(dataDir, 'storefleet.db')}`),
    dataDir,
    demo,
    logLevel: logLevel(env.LOG_LEVEL),
    jwtSecret: env.JWT_SECRET ? checkedSecret(env.JWT_SECRET) : secretFromDataDir(dataDir),
    secrets: secretKeyRing(env, dataDir),
    tokenTtlSeconds: 12 * 3600,
    demoPassword,
    adminUsername: env.ADMIN_USERNAME || undefined,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    webDist: fromRoot(env.WEB_DIST || 'apps/web/dist'),
    trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
    passwordHashing: PRODUCTION_HASHING,
    signInThrottle: SIGN_IN_THROTTLE,
    sessionIdleMinutes: idleMinutes(env.SESSION_IDLE_MINUTES),
    shutdownGraceMs: integer(env.SHUTDOWN_GRACE_MS, 10_000, 'SHUTDOWN_GRACE_MS', 0, 600_000),
    upgradeReconnectGraceMs:
      integer(env.UPGRADE_RECONNECT_GRACE_SECONDS, 300, 'UPGRADE_RECONNECT_GRACE_SECONDS', 0, 86_400) * 1000,
    metricsToken: env.METRICS_TOKEN || undefined,
    docsToken: env.DOCS_TOKEN || undefined,
    redisUrl,
    outboundAllow: outboundAllow(env.OUTBOUND_ALLOW),
    notifyMaxima: {
      perRecipientPerHour: integer(
        env.NOTIFY_MAX_PER_RECIPIENT_HOUR,
        60,
        'NOTIFY_MAX_PER_RECIPIENT_HOUR',
        1,
        1000,
      ),
      perCompanyPerHour: integer(
        env.NOTIFY_MAX_PER_COMPANY_HOUR,
        1000,
        'NOTIFY_MAX_PER_COMPANY_HOUR',
        1,
        100_000,
      ),
    },
    remoteControlUrlTemplate: env.REMOTE_CONTROL_URL_TEMPLATE || undefined,
    inventoryImportInProcess: env.INVENTORY_IMPORT_IN_PROCESS === '1',
  };
}

/** OUTBOUND_ALLOW: CIDR ranges or single addresses, separated by commas or spaces. */
function outboundAllow(raw: string | undefined): string[] {
  const items = (raw ?? '').split(/[\s,]+/).filter((item) => item !== '');
  for (const item of items) {
    if (!parseCidr(item)) {
      throw new ConfigError(
        `OUTBOUND_ALLOW must list address ranges such as 10.20.0.0/16 or 192.0.2.25 (got "${item}")`,
      );
    }
  }
  return items;
}

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/** Whether `host` (a HOST value) only accepts connections from this machine: 127.0.0.0/8, ::1 or localhost. */
export function isLoopbackHost(host: string): boolean {
  const address = host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1');
  if (address === 'localhost') return true;
  // A host name other than localhost is not an address here (false): it may resolve to any interface.
  return LOOPBACK.check(address, isIPv6(address) ? 'ipv6' : 'ipv4');
}

function fromRoot(path: string): string {
  return isAbsolute(path) ? path : resolve(REPO_ROOT, path);
}

/** Normalises a SQLite URL to an absolute file path; PostgreSQL URLs pass through unchanged. */
export function resolveDatabaseUrl(url: string): string {
  if (/^postgres(ql)?:\/\//.test(url)) return url;
  if (!url.startsWith('sqlite:')) {
    throw new ConfigError(
      `DATABASE_URL must start with sqlite: or postgres:// (got "${url.split(':')[0]}:")`,
    );
  }
  const path = url.slice('sqlite:'.length).replace(/^\/\/(?=\/)/, '');
  if (path === ':memory:') return url;
  if (path === '')
    throw new ConfigError('DATABASE_URL sqlite: needs a file path, e.g. sqlite:./data/storefleet.db');
  return `sqlite:${fromRoot(path)}`;
}

function integer(raw: string | undefined, fallback: number, name: string, min: number, max: number): number {
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) {
    throw new ConfigError(`${name} must be a whole number from ${min} to ${max} (got "${raw}")`);
  }
  return n;
}

/**
 * SESSION_IDLE_MINUTES: 30 by default, 0 = off. At least 5 otherwise, so a wall display of the
 * monitor screen (refreshing once a minute) never looks idle.
 */
function idleMinutes(raw: string | undefined): number {
  const minutes = integer(raw, 30, 'SESSION_IDLE_MINUTES', 0, 720);
  if (minutes > 0 && minutes < 5)
    throw new ConfigError(
      `SESSION_IDLE_MINUTES must be 0 (no idle limit) or from 5 to 720 (got "${raw}"): the monitor screen refreshes once a minute`,
    );
  return minutes;
}

function logLevel(raw: string | undefined): LogLevel {
  if (!raw) return 'info';
  const found = LOG_LEVELS.find((l) => l === raw.toLowerCase());
  if (!found) throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')} (got "${raw}")`);
  return found;
}

function secretKeyRing(env: Env, dataDir: string): SecretKeyRing {
  try {
    return loadSecretKeyRing(env, dataDir);
  } catch (error) {
    if (error instanceof SecretKeyError) throw new ConfigError(error.message);
    throw error;
  }
}

function checkedSecret(secret: string): string {
  if (secret.length < 32) throw new ConfigError('JWT_SECRET must be at least 32 characters long');
  return secret;
}

/** The secret generated on first start and kept (mode 0600) so tokens survive restarts. */
function secretFromDataDir(dataDir: string): string {
  const file = dataFilePath(dataDir, 'jwtSecret');
  if (existsSync(file)) return checkedSecret(readFileSync(file, 'utf8').trim());
  const secret = randomBytes(32).toString('base64url');
  try {
    writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    // Another node sharing the data folder wrote it first: use theirs.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST')
      return checkedSecret(readFileSync(file, 'utf8').trim());
    throw error;
  }
  chmodSync(file, 0o600);
  return secret;
}

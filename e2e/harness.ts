/**
 * Browser-test harness: a real server (the same entry `npm start` runs) on a free loopback port with a fresh
 * SQLite database and the demo data, and headless Chromium from Debian driven by playwright-core.
 *
 * A test file calls `useConsole()` once at its top: it starts both before the file's tests and stops them
 * after, and gives the file `url`, `openPage()` and `signIn()`. `startServer`, `launchBrowser` and `newPage`
 * are its parts, for a file that needs them apart.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import {
  AlertEndpoints,
  type AlertRule,
  type AnyEndpoint,
  AuthEndpoints,
  DeviceEndpoints,
  type PagedResult,
  TRIGGER_TYPES,
} from '@storefleet/contracts';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';

import { buildServerIfStale, SERVER_ENTRY, SERVER_NODE_FLAGS } from '../scripts/server-build.mjs';

const root = new URL('..', import.meta.url).pathname;
export const DEMO_PASSWORD = 'Storefleet@2026';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

export interface RunningServer {
  url: string;
  stop(): Promise<void>;
}

/** Starts the server with the demo data on a fresh database and waits until it answers. */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'storefleet-e2e-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const output: string[] = [];
  // The built server, as `npm start` and production run it (scripts/server-build.mjs).
  await buildServerIfStale();
  const child: ChildProcess = spawn(process.execPath, [...SERVER_NODE_FLAGS, SERVER_ENTRY], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: `sqlite:${join(dataDir, 'storefleet.db')}`,
      DEMO: '1',
      SIMULATOR: '0',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output.join('')}`);
    try {
      const res = await fetch(`${url}/api/openapi.json`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not answer within 90 s:\n${output.join('')}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-sync',
      '--disable-quic',
    ],
  });
}

/**
 * A fresh browser context (its own storage) with a page on the given server. Anything the console's
 * Content-Security-Policy blocks, and any error the console leaves uncaught (an exception or a
 * rejected promise nobody handled), is collected, and `context.close()` then fails the test naming it.
 */
export async function newPage(
  browser: Browser,
  locale = 'zh-CN',
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ locale, viewport: { width: 1440, height: 900 } });
  const violations: string[] = [];
  // Also printed at once, so a test that fails another way first still shows what was blocked.
  const note = (text: string) => {
    violations.push(text);
    process.stderr.write(`CSP violation: ${text}\n`);
  };
  await context.exposeFunction('__storefleetCspViolation', note);
  // Init scripts are injected by the browser itself, so the page's CSP does not block this listener.
  await context.addInitScript(`document.addEventListener('securitypolicyviolation', (e) =>
    window.__storefleetCspViolation(e.violatedDirective + ' blocked ' + (e.blockedURI || 'inline') +
      ' on ' + location.pathname));`);
  context.on('console', (message) => {
    if (message.type() === 'error' && /Content[ -]Security[ -]Policy/i.test(message.text())) {
      note(message.text());
    }
  });
  const uncaught: string[] = [];
  const noteUncaught = (text: string) => {
    uncaught.push(text);
    process.stderr.write(`Uncaught in the console: ${text}\n`);
  };
  await context.exposeFunction('__storefleetUncaught', noteUncaught);
  await context.addInitScript(`window.addEventListener('unhandledrejection', (e) =>
    window.__storefleetUncaught('unhandled rejection on ' + location.pathname + ': ' +
      (e.reason && e.reason.stack ? e.reason.stack : String(e.reason))));`);
  const close = context.close.bind(context);
  context.close = async (options) => {
    await close(options);
    if (violations.length > 0) {
      throw new Error(`the Content-Security-Policy blocked:\n${[...new Set(violations)].join('\n')}`);
    }
    if (uncaught.length > 0) {
      throw new Error(`the console left errors uncaught:\n${[...new Set(uncaught)].join('\n')}`);
    }
  };
  const page = await context.newPage();
  page.on('pageerror', (error) => noteUncaught(`${error.name}: ${error.message}`));
  return { context, page };
}

/** A console under test: the server on a fresh database and a browser, both started by `useConsole`. */
export interface ConsoleUnderTest {
  /** The server's base address (`http://127.0.0.1:<port>`); read it inside a test or hook. */
  readonly url: string;
  readonly browser: Browser;
  /** A fresh browser context and page (see `newPage`); the test closes `context` when done. */
  openPage(locale?: string): Promise<{ context: BrowserContext; page: Page }>;
  /**
   * Signs in on the sign page (the company console's unless `signPath` says otherwise) as `username`
   * (the demo admin by default) and waits for the console's menu; returns the session's access token.
   * Throws with the server's message when the sign-in is refused.
   */
  signIn(page: Page, username?: string, options?: SignInOptions): Promise<string>;
  /**
   * Calls `endpoint` as a program would (no browser), with `token` as the bearer when given; returns
   * the envelope's data, or throws with the server's message when the envelope is not ok.
   */
  call<T>(endpoint: AnyEndpoint, input?: CallInput): Promise<T>;
}

export interface CallInput {
  token?: string;
  /** Values of the path's `:name` parameters. */
  params?: Record<string, string | number>;
  query?: Record<string, string | number>;
  body?: unknown;
}

export interface SignInOptions {
  /** Default: the demo password every demo user shares. */
  password?: string;
  /** Default `/sign.html`; the admin console's is `/admin/sign.html`. */
  signPath?: string;
}

/**
 * The sign page's first load on a loaded 2-core machine takes seconds (the ceiling costs time only on
 * failure); the sign-in itself then gets Playwright's usual 30 s, well inside a test's 60 s, so a
 * refused or stuck sign-in fails with its own message rather than the test's timeout.
 */
const SIGN_PAGE_WAIT = { timeout: 60_000 };
const SIGN_IN_WAIT = { timeout: 30_000 };

/**
 * Starts a console for this test file: the server on a fresh database with the demo data (`env` adds
 * or overrides server settings, e.g. `{ SIMULATOR: '1' }` for the simulated fleet) before the file's
 * tests, a browser beside it, and stops both after them. Call it once, at the top of the file.
 */
export function useConsole(env: Record<string, string> = {}): ConsoleUnderTest {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    server = await startServer(env);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
  const started = () => {
    if (!server || !browser)
      throw new Error('the console is not started: call useConsole() at the top of the file');
    return { server, browser };
  };
  return {
    get url() {
      return started().server.url;
    },
    get browser() {
      return started().browser;
    },
    openPage: (locale) => newPage(started().browser, locale),
    signIn: (page, username = 'admin', options = {}) => signIn(started().server.url, page, username, options),
    call: (endpoint, input = {}) => call(started().server.url, endpoint, input),
  };
}

async function call<T>(url: string, endpoint: AnyEndpoint, input: CallInput): Promise<T> {
  const query = new URLSearchParams(
    Object.entries(input.query ?? {}).map(([k, v]) => [k, String(v)] as [string, string]),
  ).toString();
  const path = endpoint.path.replace(/:(\w+)/g, (_, name: string) =>
    encodeURIComponent(String(input.params?.[name] ?? `:${name}`)),
  );
  const res = await fetch(`${url}${path}${query ? `?${query}` : ''}`, {
    method: endpoint.method,
    headers: {
      ...(input.token ? { Authorization: `Bearer ${input.token}` } : {}),
      ...(input.body !== undefined ? { 'Content-Type': 'application/json' } : {}),
    },
    body: input.body !== undefined ? JSON.stringify(input.body) : undefined,
  });
  const envelope = (await res.json()) as { ok: boolean; data: T; message: string };
  if (!envelope.ok) throw new Error(`${endpoint.path}: ${envelope.message}`);
  return envelope.data;
}

interface SignInAnswer {
  code: string;
  message?: string;
  data: { accessToken: string } | null;
}

async function signIn(url: string, page: Page, username: string, options: SignInOptions): Promise<string> {
  await page.goto(`${url}${options.signPath ?? '/sign.html'}`);
  await page.getByTestId('sign-username').waitFor(SIGN_PAGE_WAIT);
  await page.getByTestId('sign-username').fill(username);
  await page.getByTestId('sign-password').fill(options.password ?? DEMO_PASSWORD);
  // The sign-in answer is read on its way to the page: the console may navigate away at once (a
  // platform user signing in on the company page goes to the admin console), after which the
  // browser no longer holds the body.
  let answered: (body: SignInAnswer) => void = () => {};
  const answer = new Promise<SignInAnswer>((resolve) => {
    answered = resolve;
  });
  const loginUrl = (u: URL) => u.pathname === AuthEndpoints.login.path;
  await page.route(loginUrl, async (route) => {
    const response = await route.fetch();
    answered((await response.json()) as SignInAnswer);
    await route.fulfill({ response });
  });
  await page.getByTestId('sign-submit').click();
  let timer: NodeJS.Timeout | undefined;
  const body = await Promise.race([
    answer,
    new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`signing in as ${username}: no answer`)),
        SIGN_IN_WAIT.timeout,
      );
    }),
  ]).finally(() => clearTimeout(timer));
  await page.unroute(loginUrl);
  if (body.code !== '200' || !body.data) {
    throw new Error(`signing in as ${username} was refused: ${body.code} ${body.message ?? ''}`);
  }
  await page.getByTestId('side-menu').waitFor(SIGN_IN_WAIT);
  return body.data.accessToken;
}

/**
 * Sets the hold time of the company's "online" (offline) alert rules — the demo's 设备离线 holds for 3
 * minutes — to `holdSeconds`, through the API as an operator would on the rule page, so a browser test
 * of an outage does not wait minutes for it (the hold itself is tested server-side). Returns the rules
 * changed; throws when the company has none.
 */
export async function setOfflineRuleHold(
  app: Pick<ConsoleUnderTest, 'call'>,
  token: string,
  holdSeconds: number,
): Promise<AlertRule[]> {
  const online = TRIGGER_TYPES.find((t) => t.item === 'online');
  if (!online) throw new Error('no "online" trigger type in the contracts');
  const rules = await app.call<PagedResult<AlertRule>>(AlertEndpoints.listAlertRules, {
    token,
    query: { triggerType: online.value, pageNum: 1, pageSize: 100 },
  });
  if (rules.list.length === 0) throw new Error('the company has no offline alert rule');
  const changed: AlertRule[] = [];
  for (const rule of rules.list) {
    changed.push(
      await app.call<AlertRule>(AlertEndpoints.updateAlertRule, {
        token,
        body: {
          id: rule.id,
          alertLevel: rule.alertLevel,
          alertName: rule.alertName,
          alertType: rule.alertType,
          connectType: rule.connectType,
          productType: rule.productType,
          productTypes: rule.productTypes,
          shopIds: rule.shopIds,
          areaIds: rule.areaIds,
          holdSeconds,
          recoveryValue: rule.recoveryValue,
          triggerOperator: rule.triggerOperator,
          triggerType: rule.triggerType,
          triggerValue: rule.triggerValue,
          deviceCategory: rule.deviceCategory,
          deviceClass: rule.deviceClass,
        },
      }),
    );
  }
  return changed;
}

/**
 * A working key for box `deviceId`, made anew: the server keeps box keys encrypted and shows one in
 * full only in the reply of the call that makes it (lists show its last 4 characters).
 */
export async function newBoxKey(
  app: Pick<ConsoleUnderTest, 'call'>,
  token: string,
  deviceId: number,
): Promise<string> {
  const made = await app.call<{ securityKey: string }>(DeviceEndpoints.rotateKey, {
    token,
    params: { deviceId },
  });
  return made.securityKey;
}

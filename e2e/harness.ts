/**
 * Browser-test harness: a real server (the same entry `npm start` runs) on a free loopback port with a fresh
 * SQLite database and the demo data, and headless Chromium from Debian driven by playwright-core.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';

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
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', join(root, 'apps/server/src/server.ts')],
    {
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
    },
  );
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

/**
 * Start-up JavaScript benchmark (issue 9 item 12): what a browser downloads to show the consoles' first pages.
 *
 *   npm run bench:bundle [-- --no-build | --dist DIR]
 *
 * Builds the web into a scratch folder (so a build another process runs in apps/web/dist cannot change the
 * figures halfway; `--no-build` measures apps/web/dist as it is, `--dist DIR` a build made elsewhere, e.g.
 * two builds of one tree compared before/after), starts the real server on it with a fresh
 * SQLite database and the demo, and drives Debian's Chromium (playwright-core) through:
 *   (a) the company sign-in page, cold;
 *   (b) after signing in as the demo admin, the store list (/stores/index.html) and /device/index.html, each
 *       loaded afresh with the HTTP cache off (what a reload or a bookmarked link costs), plus what signing in
 *       downloads on top of the sign-in page;
 *   (c) the admin console's sign-in page, cold.
 * Every JavaScript and CSS response is kept (by URL, once per page) and sized as gzip would send it: the
 * server sends these files uncompressed, so the body is gzipped here at level 9 (a response that arrives
 * compressed is counted as sent). Same-run baseline: the framework chunk (react, react-dom, scheduler,
 * react-router), the floor every page pays whatever else it loads. Bar: 300 KB gzipped JavaScript per page.
 * All traffic is on 127.0.0.1.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

import { type BrowserContext, chromium, type Page, type Response } from 'playwright-core';

import { REPO_ROOT, scratchDir } from './support/bench-paths';
import { freshDatabase } from './support/fresh-database';
import { type Bar, fmt, machineLine, printBars, printTable } from './support/report';

/** The machine line, noting that load does not change what is measured here (bytes, not time). */
const machine = () => `${machineLine().replace(/\s*←.*$/, '')} (sizes do not depend on load)`;

import { startServer } from './support/server-child';

/** Issue 9 item 12: what the sign-in page and the first list page load, JavaScript, gzipped. */
const BAR_BYTES = 300 * 1024;
const DEMO_PASSWORD = process.env.DEMO_PASSWORD ?? 'Storefleet@2026';
/** A page has finished loading code once no script or style request has started for this long. */
const QUIET_MS = 1_500;
const READY_TIMEOUT_MS = 120_000;

type Kind = 'js' | 'css';

interface Asset {
  url: string;
  kind: Kind;
  raw: number;
  gzip: number;
  /** True when the server sent it compressed (then `gzip` is what was sent). */
  sentCompressed: boolean;
}

interface PageFigures {
  label: string;
  /** Path the page ended on (the home redirect's target, for the landing page). */
  path: string;
  assets: Asset[];
  /** Whether the bar applies (the sign-in-then-land increment is shown for information). */
  barred: boolean;
}

const kb = (bytes: number) => `${fmt(bytes / 1024, 1)} KB`;
const total = (assets: readonly Asset[], kind: Kind, pick: (a: Asset) => number = (a) => a.gzip) =>
  assets.filter((a) => a.kind === kind).reduce((sum, a) => sum + pick(a), 0);

function kindOf(response: Response): Kind | null {
  const path = new URL(response.url()).pathname;
  const type = response.headers()['content-type'] ?? '';
  if (path.endsWith('.js') || /javascript/.test(type)) return 'js';
  if (path.endsWith('.css') || /text\/css/.test(type)) return 'css';
  return null;
}

/**
 * Collects the scripts and styles `page` downloads while `act` runs, then waits for `ready` and for the
 * requests to go quiet.
 */
async function recordLoad(
  page: Page,
  act: () => Promise<unknown>,
  ready: () => Promise<unknown>,
): Promise<Asset[]> {
  const seen = new Map<string, Promise<Asset | null>>();
  let lastRequest = Date.now();
  const onRequest = () => {
    lastRequest = Date.now();
  };
  const onResponse = (response: Response) => {
    const kind = kindOf(response);
    if (!kind || seen.has(response.url()) || response.status() !== 200) return;
    seen.set(
      response.url(),
      response.body().then(
        (body) => {
          const encoded = response.headers()['content-encoding'];
          const sentCompressed = encoded === 'gzip' || encoded === 'br' || encoded === 'zstd';
          return {
            url: response.url(),
            kind,
            raw: body.length,
            gzip: sentCompressed
              ? Number(response.headers()['content-length'] ?? 0)
              : gzipSync(body, { level: 9 }).length,
            sentCompressed,
          };
        },
        () => null,
      ),
    );
  };
  page.on('request', onRequest);
  page.on('response', onResponse);
  try {
    await act();
    await ready();
    const deadline = Date.now() + READY_TIMEOUT_MS;
    while (Date.now() - lastRequest < QUIET_MS && Date.now() < deadline) {
      await page.waitForTimeout(250);
    }
    const assets = (await Promise.all(seen.values())).filter((a): a is Asset => a !== null);
    return assets.sort((a, b) => b.gzip - a.gzip);
  } finally {
    page.off('request', onRequest);
    page.off('response', onResponse);
  }
}

/** Turns the browser's HTTP cache off for `page`, so every load downloads what it needs, as a first visit does. */
async function disableCache(context: BrowserContext, page: Page): Promise<void> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
}

function buildInto(outDir: string): void {
  process.stdout.write(`building the web into ${outDir} …\n`);
  const run = spawnSync(
    join(REPO_ROOT, 'node_modules/.bin/vite'),
    ['build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'],
    { cwd: join(REPO_ROOT, 'apps/web'), stdio: 'inherit' },
  );
  if (run.status !== 0) throw new Error(`the web build failed (exit ${String(run.status)})`);
}

/** The framework chunk of the build (react, react-dom, scheduler, react-router: vite.config.ts), gzipped. */
function frameworkFloor(dist: string): { name: string; gzip: number } | null {
  const name = readdirSync(join(dist, 'assets')).find((f) => /^react-[\w-]+\.js$/.test(f));
  if (!name) return null;
  return { name, gzip: gzipSync(readFileSync(join(dist, 'assets', name)), { level: 9 }).length };
}

async function measure(baseUrl: string): Promise<PageFigures[]> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
  try {
    const results: PageFigures[] = [];
    const path = (page: Page) => new URL(page.url()).pathname;

    // (a) + the sign-in increment, in one context whose cache stays on while signing in.
    const context = await browser.newContext({ locale: 'zh-CN', viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    const sign = await recordLoad(
      page,
      () => page.goto(`${baseUrl}/sign.html`),
      () => page.getByTestId('sign-submit').waitFor({ timeout: READY_TIMEOUT_MS }),
    );
    results.push({ label: 'company sign-in page', path: path(page), assets: sign, barred: true });

    const afterSignIn = await recordLoad(
      page,
      async () => {
        await page.getByTestId('sign-username').fill('admin');
        await page.getByTestId('sign-password').fill(DEMO_PASSWORD);
        await page.getByTestId('sign-submit').click();
      },
      // The home redirect may land on a page without a list (the dashboard): the shell's menu is the sign.
      () => page.getByTestId('side-menu').waitFor({ timeout: READY_TIMEOUT_MS }),
    );
    results.push({
      label: 'signing in → landing (on top of sign-in)',
      path: path(page),
      assets: afterSignIn,
      barred: false,
    });

    // (b) the signed-in pages, loaded afresh with the HTTP cache off.
    await disableCache(context, page);
    const landing = await recordLoad(
      page,
      // The first list page of the menu, opened directly (the home redirect now lands on the dashboard).
      () => page.goto(`${baseUrl}/stores/index.html`),
      async () => {
        await page.getByTestId('side-menu').waitFor({ timeout: READY_TIMEOUT_MS });
        await page.locator('.ant-table-tbody').first().waitFor({ timeout: READY_TIMEOUT_MS });
      },
    );
    results.push({
      label: 'first list page (/stores/index.html), signed in',
      path: path(page),
      assets: landing,
      barred: true,
    });

    const devices = await recordLoad(
      page,
      () => page.goto(`${baseUrl}/device/index.html`),
      async () => {
        await page.getByTestId('side-menu').waitFor({ timeout: READY_TIMEOUT_MS });
        await page.getByTestId('device-status-counts').waitFor({ timeout: READY_TIMEOUT_MS });
      },
    );
    results.push({ label: 'device list, signed in', path: path(page), assets: devices, barred: true });
    await context.close();

    // (c) the admin console's sign-in page, cold (fresh context: empty cache).
    const adminContext = await browser.newContext({
      locale: 'zh-CN',
      viewport: { width: 1440, height: 900 },
    });
    const adminPage = await adminContext.newPage();
    const admin = await recordLoad(
      adminPage,
      () => adminPage.goto(`${baseUrl}/admin/sign.html`),
      () => adminPage.getByTestId('sign-submit').waitFor({ timeout: READY_TIMEOUT_MS }),
    );
    results.push({ label: 'admin sign-in page', path: path(adminPage), assets: admin, barred: true });
    await adminContext.close();
    return results;
  } finally {
    await browser.close();
  }
}

function printDetails(pages: readonly PageFigures[]): void {
  for (const p of pages) {
    process.stdout.write(`\n${p.label} (${p.path}):\n`);
    for (const a of p.assets) {
      const name = new URL(a.url).pathname;
      process.stdout.write(
        `  ${a.kind.padEnd(3)} ${kb(a.gzip).padStart(10)} gz ${kb(a.raw).padStart(10)} raw  ${name}\n`,
      );
    }
  }
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const distAt = argv.indexOf('--dist');
  const givenDist = distAt >= 0 ? argv[distAt + 1] : undefined;
  if (distAt >= 0 && !givenDist) throw new Error('--dist needs a folder');
  const noBuild = argv.includes('--no-build') || givenDist !== undefined;
  process.stdout.write(`${machine()}\n`);
  const scratch = noBuild ? null : scratchDir('bundle-web');
  const dist = scratch
    ? join(scratch.path, 'dist')
    : givenDist
      ? resolve(givenDist)
      : join(REPO_ROOT, 'apps/web/dist');
  const fresh = await freshDatabase('sqlite', 'bundle');
  try {
    if (scratch) buildInto(dist);
    if (!existsSync(join(dist, 'index.html')))
      throw new Error(`no web build in ${dist} (run without --no-build)`);
    // The server serves the web from WEB_DIST (apps/server/src/config.ts); the child inherits this environment.
    process.env.WEB_DIST = dist;
    const server = await startServer(fresh.url, join(fresh.dir, 'data'));
    let pages: PageFigures[];
    try {
      pages = await measure(server.baseUrl);
    } finally {
      await server.stop();
    }
    const floor = frameworkFloor(dist);
    printDetails(pages);

    const compressed = pages.some((p) => p.assets.some((a) => a.sentCompressed));
    process.stdout.write(
      `\nStart-up JavaScript and CSS — ${new Date().toISOString()}\n${machine()}\n` +
        `build: ${givenDist ? `${dist} (--dist)` : noBuild ? 'apps/web/dist as found (--no-build)' : 'fresh build of the working tree'}\n` +
        `sizes: ${compressed ? 'as sent compressed by the server, or ' : 'the server sends JS/CSS uncompressed: '}` +
        'body gzipped here at level 9\n\n',
    );
    printTable(
      ['page', 'path', 'JS gzipped', 'JS files', 'JS raw', 'CSS gzipped', 'CSS files'],
      [
        ...pages.map((p) => [
          p.label,
          p.path,
          kb(total(p.assets, 'js')),
          String(p.assets.filter((a) => a.kind === 'js').length),
          kb(total(p.assets, 'js', (a) => a.raw)),
          kb(total(p.assets, 'css')),
          String(p.assets.filter((a) => a.kind === 'css').length),
        ]),
        [
          'baseline: framework chunk alone',
          floor?.name ?? '(not found)',
          floor ? kb(floor.gzip) : '–',
          '1',
          '',
          '',
          '',
        ],
      ],
    );
    process.stdout.write('\n');
    const bars: Bar[] = pages
      .filter((p) => p.barred)
      .map((p) => {
        const js = total(p.assets, 'js');
        const over = floor ? `, ${fmt(js / floor.gzip, 2)}× the framework chunk` : '';
        return {
          name: `${p.label} JS ≤ ${kb(BAR_BYTES)} gzipped`,
          pass: js > 0 && js <= BAR_BYTES,
          detail: `${kb(js)}${over}`,
        };
      });
    process.exitCode = printBars('start-up', bars) ? 0 : 1;
  } finally {
    await fresh.drop();
    scratch?.remove();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(
    `bench:bundle failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(2);
});

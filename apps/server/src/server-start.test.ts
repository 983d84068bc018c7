/**
 * Safe start-up (issue 9): the demo's published password never goes with an address other machines can
 * reach, and the start banner prints it only on loopback. The refusals run the real entry point; none of
 * them gets as far as listening.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { PasswordHasher } from './auth/passwords';
import { openDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import { DEMO_ACCOUNTS } from './demo/demo-data';
import { accountsWithPublishedPassword } from './demo/published-password';
import { seedOnStart } from './demo/seed';
import { startBanner } from './start-banner';
import {
  bearer,
  createTestApp,
  DEMO_PASSWORD,
  TEST_HASHING,
  type TestApp,
  testConfig,
} from './testing/test-app';

const SERVER_ENTRY = fileURLToPath(new URL('./server.ts', import.meta.url));
const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** Runs the real server entry with `env` and resolves with its exit code and output once it exits. */
function startAndExpectExit(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER_ENTRY], {
    cwd: REPO_ROOT,
    env: { ...process.env, PORT: '0', SIMULATOR: '0', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    // Listening means the refusal did not happen: stop it at once and let the assertions say so.
    if (output.includes('Storefleet is running at')) child.kill('SIGKILL');
  });
  child.stderr.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, output })));
}

let dataDir: string;
beforeAll(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'storefleet-start-'));
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('starting on an address other machines can reach', () => {
  it('refuses the published demo password and says what to set', async () => {
    const { code, output } = await startAndExpectExit({ DATA_DIR: dataDir, HOST: '0.0.0.0', DEMO: '1' });
    expect(code).toBe(1);
    expect(output).toContain('Storefleet cannot start: HOST=0.0.0.0');
    expect(output).toContain('Set DEMO_PASSWORD to a password of your own, or DEMO=0');
    expect(output).not.toContain('Storefleet is running');
    expect(output).not.toContain(DEMO_PASSWORD);
  }, 60_000);

  it('refuses a database whose demo accounts still have the published password, whatever DEMO_PASSWORD says', async () => {
    // Seeded on loopback with the published password, as `npm start` does by default.
    const file = join(dataDir, 'seeded.db');
    const database = openDatabase(`sqlite:${file}`);
    await migrateToLatest(database);
    await seedOnStart(database, testConfig(), new PasswordHasher(TEST_HASHING));
    await database.close();

    const { code, output } = await startAndExpectExit({
      DATA_DIR: dataDir,
      DATABASE_URL: `sqlite:${file}`,
      HOST: '0.0.0.0',
      DEMO_PASSWORD: 'Our-own-2026!',
    });
    expect(code).toBe(1);
    expect(output).toContain(
      'the demo accounts platform, admin, agent, operator still have the published password',
    );
    expect(output).toContain('change their passwords');
    expect(output).not.toContain('Storefleet is running');
  }, 60_000);
});

describe('the start banner', () => {
  const demo = { kind: 'demo', accounts: DEMO_ACCOUNTS, password: 'Our-own-2026!' } as const;

  it('prints the demo password on loopback only', () => {
    for (const host of ['127.0.0.1', '::1', 'localhost']) {
      expect(startBanner(testConfig({ host }), demo, 'http://localhost:8080'), host).toContain(
        'password:  Our-own-2026!',
      );
    }
    for (const host of ['0.0.0.0', '::', '192.168.1.20']) {
      const text = startBanner(testConfig({ host }), demo, 'http://localhost:8080');
      expect(text, host).not.toContain('Our-own-2026!');
      expect(text, host).toContain('password:  the one set in DEMO_PASSWORD');
    }
  });
});

describe('finding demo accounts with the published password', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('names the active demo accounts that still accept it, and forgets one once its password changes', async () => {
    expect(await accountsWithPublishedPassword(t.database, t.ctx.auth.passwords)).toEqual([
      'platform',
      'admin',
      'agent',
      'operator',
    ]);
    const admin = await t.signIn('admin');
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/user-service/auth/changePassword',
      headers: bearer(admin),
      payload: { oldPassword: DEMO_PASSWORD, newPassword: 'Our-own-2026!' },
    });
    expect(changed.statusCode).toBe(200);
    expect(await accountsWithPublishedPassword(t.database, t.ctx.auth.passwords)).toEqual([
      'platform',
      'agent',
      'operator',
    ]);
  });

  it('finds none when the demo was seeded with a password of its own', async () => {
    const own = await createTestApp({ config: { demoPassword: 'Our-own-2026!' } });
    try {
      expect(await accountsWithPublishedPassword(own.database, own.ctx.auth.passwords)).toEqual([]);
    } finally {
      await own.close();
    }
  });
});

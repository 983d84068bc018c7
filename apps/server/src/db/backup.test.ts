// Backup and restore against the real server process while a box streams values into it: `npm run
// backup` writes the archive mid-ingest; the archive is extracted with the system's tar (and, on
// PostgreSQL, loaded with pg_restore) as the README says; the copy is intact, holds every value acked
// before the backup began, every table with its rows and every kind of file the server keeps, and a
// server started on the restored data accepts a token issued before and serves the stored files.
import { type ChildProcessByStdio, execFileSync, spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';

import {
  AGENT_LINK_PATH,
  AuthEndpoints,
  DeviceEndpoints,
  fillPath,
  InventoryEndpoints,
  LogoEndpoints,
  type ServerToAgentMessage,
  TaskEndpoints,
  VersionEndpoints,
} from '@storefleet/contracts';
import SqliteDatabase from 'better-sqlite3';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, expect, it, vi } from 'vitest';
import WebSocket from 'ws';

import { REPO_ROOT } from '../config';
import { DATA_FILES, DATA_FOLDERS } from '../data-folder';
import { helloFrame } from '../engine/hub/test-support/agent-peer';
import { reachabilityValue } from '../engine/hub/test-support/agent-values';
import { insertLinkFixture } from '../engine/hub/test-support/link-fixture.repository';
import { type ServerProcess, startServerProcess } from '../engine/hub/test-support/server-process';
import { loadSecretKeyRing } from '../secrets/secret-keys';
import { DEMO_PASSWORD } from '../testing/test-app';
import { TEST_POSTGRES_URL, testDialect } from '../testing/test-database';
import { JPEG_2X2, pngImage, WEBP_2X2 } from '../testing/test-images';
import { type Database, openDatabase } from './database';

const dir = mkdtempSync(join(tmpdir(), 'storefleet-backup-'));
const suffix = randomBytes(5).toString('hex');
const pgNames = { live: `sf_backup_${suffix}`, restored: `sf_restore_${suffix}` };
const servers: ServerProcess[] = [];
const databases: Database[] = [];

async function admin(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: TEST_POSTGRES_URL });
  await client.connect();
  await client.query(text).finally(() => client.end());
}

function pgUrl(database: string): string {
  const url = new URL(TEST_POSTGRES_URL);
  url.pathname = `/${database}`;
  return url.toString();
}

afterAll(async () => {
  for (const server of servers) await server.kill();
  for (const database of databases) await database.close();
  if (testDialect() === 'postgres') {
    for (const name of Object.values(pgNames)) await admin(`drop database if exists ${name} with (force)`);
  }
  rmSync(dir, { recursive: true, force: true });
});

function freePort(): Promise<number> {
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

async function apiJson<T>(
  port: number,
  path: string,
  init: RequestInit = {},
): Promise<{ status: number; data: T }> {
  const res = await fetch(`http://127.0.0.1:${port}${path}`, init);
  const body = (await res.json()) as { data: T };
  return { status: res.status, data: body.data };
}

/** POSTs `bytes` as the multipart field `file` (after `fields`) to `path`. */
function uploadFile<T>(
  port: number,
  path: string,
  authorization: string,
  bytes: Buffer,
  fields: Record<string, string> = {},
): Promise<{ status: number; data: T }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', new Blob([bytes]), 'upload.bin');
  return apiJson<T>(port, path, { method: 'POST', headers: { authorization }, body: form });
}

/** Every table of `database` (the migration bookkeeping too) and whether it holds a row. */
async function tableRows(database: Database): Promise<Map<string, boolean>> {
  const tables = await database.db.introspection.getTables({ withInternalKyselyTables: true });
  const rows = new Map<string, boolean>();
  for (const table of tables) {
    const found = await sql<{ one: number }>`select 1 as one from ${sql.table(table.name)} limit 1`.execute(
      database.db,
    );
    rows.set(table.name, found.rows.length > 0);
  }
  return rows;
}

/** `npm run backup -- FILE` with the server's environment; resolves with its exit code and output. */
function runBackup(
  env: Record<string, string>,
  file: string,
): Promise<{ code: number | null; output: string }> {
  const child = spawn('npm', ['run', '--silent', 'backup', '--', file], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return outcomeOf(child);
}

/** The exit code of `child` once it has closed, and all it wrote to stdout and stderr. */
function outcomeOf(
  child: ChildProcessByStdio<null, Readable, Readable>,
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, output }));
  });
}

/**
 * A store box streaming ping results of `deviceId` over the agent link, one batch in flight, until
 * stopped; `acks` lists when each ack arrived and the highest seq it acknowledged (acks come after commit).
 */
function streamValues(port: number, key: string, deviceId: number) {
  const socket = new WebSocket(`ws://127.0.0.1:${port}${AGENT_LINK_PATH}`);
  const inbox: ServerToAgentMessage[] = [];
  let wake: (() => void) | null = null;
  socket.on('message', (data) => {
    inbox.push(JSON.parse(data.toString()) as ServerToAgentMessage);
    wake?.();
  });
  const next = async (type: ServerToAgentMessage['type']) => {
    for (;;) {
      const index = inbox.findIndex((m) => m.type === type);
      if (index >= 0) return inbox.splice(index, 1)[0];
      await new Promise<void>((resolve) => {
        wake = resolve;
      });
    }
  };
  const state = { acked: 0, stopped: false, acks: [] as Array<{ at: number; seq: number }> };
  const done = (async () => {
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    socket.send(JSON.stringify(helloFrame(key, { hostname: 'box' })));
    await next('welcome');
    for (let batchId = 1; !state.stopped; batchId++) {
      const first = state.acked + 1;
      const values = Array.from({ length: 50 }, (_, i) =>
        reachabilityValue({ deviceId, seq: first + i, at: Date.now() }),
      );
      socket.send(JSON.stringify({ type: 'results', batchId, values }));
      const ack = await next('ack');
      if (ack?.type !== 'ack' || ack.batchId !== batchId)
        throw new Error(`unexpected reply ${JSON.stringify(ack)}`);
      const mine = ack.committed.find((c) => c.deviceId === String(deviceId));
      if (mine) state.acked = Math.max(state.acked, mine.seq);
      state.acks.push({ at: Date.now(), seq: state.acked });
    }
    socket.close();
  })();
  return { state, done };
}

it('backs up a running server mid-ingest and restores it: intact, every acked value, same sessions', async () => {
  const postgres = testDialect() === 'postgres';
  if (postgres) {
    await admin(`create database ${pgNames.live}`);
    await admin(`create database ${pgNames.restored}`);
  }
  const liveData = join(dir, 'data');
  const liveUrl = postgres ? pgUrl(pgNames.live) : `sqlite:${join(liveData, 'storefleet.db')}`;
  // No JWT_SECRET nor SECRETS_KEY: the server makes DATA_DIR/jwt-secret and DATA_DIR/secrets-key,
  // which the backup must carry.
  const env = {
    DATABASE_URL: liveUrl,
    DATA_DIR: liveData,
    JWT_SECRET: '',
    SECRETS_KEY: '',
    DEMO: '1',
    SIMULATOR: '0',
    SHUTDOWN_GRACE_MS: '0',
  };
  const port = await freePort();
  servers.push(await startServerProcess(env, port));
  const live = openDatabase(liveUrl);
  databases.push(live);
  // Sealed with the key the server made, as the server would seal them.
  const liveSecrets = loadSecretKeyRing({}, liveData);
  const fixture = await insertLinkFixture(live.db, { port: 9, community: 'public' }, liveSecrets);

  const signIn = await apiJson<{ accessToken: string }>(port, AuthEndpoints.login.path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: DEMO_PASSWORD }),
  });
  expect(signIn.status).toBe(200);
  const authorization = `Bearer ${signIn.data.accessToken}`;
  const logo = pngImage(16, 16);
  const form = new FormData();
  form.append('file', new Blob([logo], { type: 'image/png' }), 'logo.png');
  const upload = await apiJson<{ url: string }>(port, LogoEndpoints.upload.path, {
    method: 'POST',
    headers: { authorization },
    body: form,
  });
  expect(upload.status).toBe(200);
  // One stored file of every other kind: a task photo, an inventory image, a box software package.
  const photo = await uploadFile<{ url: string }>(
    port,
    TaskEndpoints.uploadTaskPhoto.path,
    authorization,
    JPEG_2X2,
  );
  expect(photo.status).toBe(200);
  const image = await uploadFile<{ name: string }>(
    port,
    InventoryEndpoints.uploadImage.path,
    authorization,
    WEBP_2X2,
  );
  expect(image.status).toBe(200);
  const platformSignIn = await apiJson<{ accessToken: string }>(port, AuthEndpoints.login.path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'platform', password: DEMO_PASSWORD }),
  });
  const platform = `Bearer ${platformSignIn.data.accessToken}`;
  const packageBytes = randomBytes(300_000);
  const version = await uploadFile<{ id: number; sha256: string }>(
    port,
    VersionEndpoints.versionUpload.path,
    platform,
    packageBytes,
    { number: '7.7.7' },
  );
  expect(version.status).toBe(200);
  expect(version.data.sha256).toBe(createHash('sha256').update(packageBytes).digest('hex'));
  const tablesBefore = await tableRows(live);
  expect([...tablesBefore.values()].filter(Boolean).length).toBeGreaterThan(10);

  const box = streamValues(port, fixture.boxKey, fixture.posId);
  await vi.waitFor(() => expect(box.state.acked).toBeGreaterThanOrEqual(500), { timeout: 30_000 });
  const archive = join(dir, 'storefleet-backup.tar');
  const backup = await runBackup({ DATABASE_URL: liveUrl, DATA_DIR: liveData, JWT_SECRET: '' }, archive);
  const finishedAt = Date.now();
  box.state.stopped = true;
  await box.done;
  expect(backup, backup.output).toMatchObject({ code: 0 });
  // The command names each folder with how many files it copied.
  for (const folder of Object.values(DATA_FOLDERS))
    expect(backup.output).toMatch(new RegExp(`${folder.name}/\\s+1 file\\(s\\) \\(${folder.holds}\\)`));
  // The command says from when its copy is: every value acked before then must be in it.
  const snapshotAt = Date.parse(/the database as of (\S+Z),/.exec(backup.output)?.[1] ?? '');
  expect(snapshotAt, backup.output).toBeGreaterThan(0);
  const ackedBeforeBackup = Math.max(0, ...box.state.acks.filter((a) => a.at < snapshotAt).map((a) => a.seq));
  expect(ackedBeforeBackup).toBeGreaterThanOrEqual(500);
  // The box kept committing while the backup ran.
  expect(box.state.acks.some((a) => a.at > snapshotAt && a.at < finishedAt)).toBe(true);
  expect(statSync(archive).mode & 0o777).toBe(0o600);
  const originalSecret = readFileSync(join(liveData, 'jwt-secret'), 'utf8');
  const originalSecretsKey = readFileSync(join(liveData, 'secrets-key'), 'utf8');
  for (const server of servers.splice(0)) await server.kill();
  // Everything the server wrote into its data folder is named in data-folder.ts, so it is in the
  // archive: a new folder that is not named there fails here.
  const kept = new Set<string>([
    ...Object.values(DATA_FILES).map((f) => f.name),
    ...Object.values(DATA_FOLDERS).map((f) => f.name),
  ]);
  const database = postgres ? [] : ['storefleet.db', 'storefleet.db-wal', 'storefleet.db-shm'];
  expect(readdirSync(liveData).filter((name) => !kept.has(name) && !database.includes(name))).toEqual([]);
  const entries = execFileSync('tar', ['-tf', archive]).toString().split('\n');
  for (const folder of Object.values(DATA_FOLDERS)) {
    expect(
      entries.some((entry) => entry.startsWith(`${folder.name}/`) && !entry.endsWith('/')),
      folder.name,
    ).toBe(true);
  }

  // Restore as the README says: the files back into a data folder (and the dump into a database).
  const restoredData = join(dir, 'restored');
  mkdirSync(restoredData);
  execFileSync('tar', ['-xf', archive, '-C', restoredData]);
  let restoredUrl: string;
  if (postgres) {
    restoredUrl = pgUrl(pgNames.restored);
    execFileSync('pg_restore', [
      '--no-owner',
      '--exit-on-error',
      `--dbname=${restoredUrl}`,
      join(restoredData, 'storefleet.pgdump'),
    ]);
    rmSync(join(restoredData, 'storefleet.pgdump'));
  } else {
    restoredUrl = `sqlite:${join(restoredData, 'storefleet.db')}`;
    const copy = new SqliteDatabase(join(restoredData, 'storefleet.db'), {
      readonly: true,
      fileMustExist: true,
    });
    try {
      expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
    } finally {
      copy.close();
    }
  }
  expect(readFileSync(join(restoredData, 'jwt-secret'), 'utf8')).toBe(originalSecret);
  expect(statSync(join(restoredData, 'jwt-secret')).mode & 0o777).toBe(0o600);
  expect(readFileSync(join(restoredData, 'secrets-key'), 'utf8')).toBe(originalSecretsKey);
  expect(statSync(join(restoredData, 'secrets-key')).mode & 0o777).toBe(0o600);

  const restored = openDatabase(restoredUrl);
  databases.push(restored);
  const stored = await restored.db
    .selectFrom('device_metrics')
    .select('seq')
    .where('device_id', '=', fixture.posId)
    .where('item', '=', 'icmp.delay')
    .where('seq', '<=', ackedBeforeBackup)
    .orderBy('seq')
    .execute();
  expect(stored.map((row) => row.seq)).toEqual(Array.from({ length: ackedBeforeBackup }, (_, i) => i + 1));
  // Every table is there and readable, and each that held a row before the backup began still does.
  const tablesAfter = await tableRows(restored);
  expect([...tablesAfter.keys()].sort()).toEqual([...tablesBefore.keys()].sort());
  const emptied = [...tablesBefore]
    .filter(([name, had]) => had && !tablesAfter.get(name))
    .map(([name]) => name);
  expect(emptied).toEqual([]);

  const restoredPort = await freePort();
  servers.push(
    await startServerProcess({ ...env, DATABASE_URL: restoredUrl, DATA_DIR: restoredData }, restoredPort),
  );
  const me = await apiJson<{ username: string }>(restoredPort, AuthEndpoints.me.path, {
    headers: { authorization },
  });
  expect(me).toMatchObject({ status: 200, data: { username: 'admin' } });
  // The sealed secrets open with the restored key: the box's key shows (masked) and the switch's community.
  const boxReply = await apiJson<{ securityKey?: string }>(
    restoredPort,
    DeviceEndpoints.detail.path.replace(':deviceId', String(fixture.boxId)),
    { headers: { authorization } },
  );
  expect(boxReply).toMatchObject({
    status: 200,
    data: { securityKey: `••••••••${fixture.boxKey.slice(-4)}` },
  });
  const switchReply = await apiJson<{ community: string | null }>(
    restoredPort,
    DeviceEndpoints.detail.path.replace(':deviceId', String(fixture.switchId)),
    { headers: { authorization } },
  );
  expect(switchReply).toMatchObject({ status: 200, data: { community: 'public' } });
  const file = await fetch(`http://127.0.0.1:${restoredPort}${upload.data.url}`, {
    headers: { authorization },
  });
  expect(file.status).toBe(200);
  expect(Buffer.from(await file.arrayBuffer()).equals(logo)).toBe(true);
  const restoredPhoto = await fetch(`http://127.0.0.1:${restoredPort}${photo.data.url}`, {
    headers: { authorization },
  });
  expect(restoredPhoto.status).toBe(200);
  expect(Buffer.from(await restoredPhoto.arrayBuffer()).equals(JPEG_2X2)).toBe(true);
  const imagePath = fillPath(InventoryEndpoints.image.path, { name: image.data.name });
  const restoredImage = await fetch(`http://127.0.0.1:${restoredPort}${imagePath}`, {
    headers: { authorization },
  });
  expect(restoredImage.status).toBe(200);
  expect(Buffer.from(await restoredImage.arrayBuffer()).equals(WEBP_2X2)).toBe(true);
  // A package is served to a box in an upgrade run only; the restored server lists the version, and
  // the file it would send is in the restored data folder with the SHA-256 it announces.
  const versions = await apiJson<{ list: Array<{ id: number; sha256: string }> }>(
    restoredPort,
    `${VersionEndpoints.versionList.path}?pageNum=1&pageSize=50`,
    { headers: { authorization: platform } },
  );
  expect(versions.data.list).toContainEqual(
    expect.objectContaining({ id: version.data.id, sha256: version.data.sha256 }),
  );
  const packages = readdirSync(join(restoredData, DATA_FOLDERS.versions.name));
  expect(
    packages.map((name) =>
      createHash('sha256')
        .update(readFileSync(join(restoredData, DATA_FOLDERS.versions.name, name)))
        .digest('hex'),
    ),
  ).toEqual([version.data.sha256]);
}, 240_000);

it('on PostgreSQL without pg_dump writes nothing, prints the commands to run and exits non-zero', async () => {
  const archive = join(dir, 'no-pg-dump.tar');
  const dataDir = join(dir, 'pg-data');
  for (const folder of Object.values(DATA_FOLDERS))
    mkdirSync(join(dataDir, folder.name), { recursive: true });
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/db/backup-cli.ts', archive], {
    cwd: REPO_ROOT,
    // No PATH: pg_dump cannot be found (node itself is started by its full path).
    env: { DATABASE_URL: 'postgres://fleet:s3cret@127.0.0.1:5432/storefleet', DATA_DIR: dataDir, PATH: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const result = await outcomeOf(child);
  expect(result.code).toBe(1);
  expect(result.output).toContain('Nothing was written');
  expect(result.output).toContain(
    `PGPASSWORD=… pg_dump --format=custom --file=${join(dir, 'no-pg-dump.pgdump')} postgres://fleet@127.0.0.1:5432/storefleet`,
  );
  expect(result.output).toContain(
    `tar -cf ${join(dir, 'no-pg-dump-files.tar')} -C ${dataDir} uploads task-photos inventory-images versions`,
  );
  expect(result.output).not.toContain('s3cret');
  expect(() => statSync(archive)).toThrow();
}, 60_000);

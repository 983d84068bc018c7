/**
 * Backups (`npm run backup -- FILE`, backup-cli.ts): one tar archive with what a server needs to start
 * again where it was: the database, the token secret (DATA_DIR/jwt-secret, so sessions stay valid), the
 * secrets key (DATA_DIR/secrets-key, without which the sealed box keys and passwords do not open) and
 * the uploads (DATA_DIR/uploads, the logos). Safe while the server runs and ingests.
 *
 * - SQLite: SQLite's online backup API against the live file, all pages in one step, so the copy is one
 *   consistent snapshot. Copying the file is not: with WAL the latest commits sit in `-wal` beside it and
 *   a checkpoint may be rewriting pages meanwhile. The copy is switched to a rollback journal (one
 *   self-contained file; the server turns WAL back on when it opens it) and quick-checked.
 * - PostgreSQL: `pg_dump --format=custom` (a consistent snapshot too), when pg_dump is installed;
 *   otherwise nothing is written and PgDumpMissing carries the commands to run by hand.
 *
 * Files are added after the database snapshot, and logo files are never deleted, so every logo the
 * database names is in the archive. The archive is written under a temporary name next to FILE, synced,
 * then renamed: a FILE that exists is complete.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, open, readdir, rename, rm, stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

import SqliteDatabase from 'better-sqlite3';

import { PREVIOUS_SECRETS_KEY_FILE, SECRETS_KEY_FILE } from '../secrets/secret-keys';
import { TarWriter } from './tar';

/** Where the server keeps the token secret and uploads, relative to DATA_DIR (config.ts, logo-files.ts). */
export const SECRET_FILE = 'jwt-secret';
export const UPLOADS_DIR = 'uploads';
/** The key that opens the sealed secrets in the database (secrets/secret-keys.ts), and mid-rotation the old one. */
const SECRETS_KEY_FILES = [SECRETS_KEY_FILE, PREVIOUS_SECRETS_KEY_FILE];
/** The archive entry of a PostgreSQL database dump. */
export const PG_DUMP_ENTRY = 'storefleet.pgdump';

/** Larger than any database's page count: the backup API then copies everything in one step. */
const ALL_PAGES = 0x7fffffff;

export interface BackupSource {
  /** `sqlite:<absolute path>` or a `postgres://` URL, resolved as the server resolves DATABASE_URL. */
  databaseUrl: string;
  dataDir: string;
}

export interface BackupOutcome {
  file: string;
  bytes: number;
  /** The archive entry holding the database (the SQLite file's own name, or storefleet.pgdump). */
  databaseEntry: string;
  databaseBytes: number;
  /** When the database copy began (epoch ms): every commit before then is in it. */
  snapshotAt: number;
  /** Whether DATA_DIR/jwt-secret was there and is in the archive. */
  secret: boolean;
  uploads: number;
}

/** A backup that cannot be made as asked; the message says what to do. */
export class BackupError extends Error {
  override name = 'BackupError';
}

/** PostgreSQL without pg_dump on this machine: `commands` back everything up by hand. */
export class PgDumpMissing extends BackupError {
  override name = 'PgDumpMissing';
  constructor(readonly commands: readonly string[]) {
    super('pg_dump was not found: install the PostgreSQL client (same major version as the server or newer)');
  }
}

/** Writes the backup of `source` to the tar archive `target` (which must not exist yet). */
export async function writeBackup(
  source: BackupSource,
  target: string,
  options: { pgDump?: string } = {},
): Promise<BackupOutcome> {
  if (existsSync(target)) throw new BackupError(`${target} already exists: choose a new file name`);
  if (!existsSync(dirname(target))) throw new BackupError(`the folder ${dirname(target)} does not exist`);
  const postgres = /^postgres(ql)?:\/\//.test(source.databaseUrl);
  if (!postgres) sqlitePathOf(source.databaseUrl);
  // Scratch space beside the target: same file system, so the final rename is atomic.
  const work = await mkdtemp(join(dirname(target), '.storefleet-backup-'));
  try {
    let databaseEntry: string;
    const snapshotAt = Date.now();
    if (postgres) {
      databaseEntry = PG_DUMP_ENTRY;
      await dumpPostgres(source, target, join(work, databaseEntry), options.pgDump ?? 'pg_dump');
    } else {
      const path = sqlitePathOf(source.databaseUrl);
      databaseEntry = basename(path);
      await copySqlite(path, join(work, databaseEntry));
    }
    const partial = join(work, 'backup.tar');
    const tar = await TarWriter.create(partial);
    let outcome: Omit<BackupOutcome, 'bytes'>;
    try {
      const databaseBytes = await tar.addFile(databaseEntry, join(work, databaseEntry));
      const secretPath = join(source.dataDir, SECRET_FILE);
      const secret = existsSync(secretPath);
      if (secret) await tar.addFile(SECRET_FILE, secretPath);
      for (const name of SECRETS_KEY_FILES)
        if (existsSync(join(source.dataDir, name))) await tar.addFile(name, join(source.dataDir, name));
      const uploads = await addUploads(tar, source.dataDir);
      await tar.finish();
      outcome = { file: target, databaseEntry, databaseBytes, snapshotAt, secret, uploads };
    } catch (error) {
      await tar.abort();
      throw error;
    }
    if (existsSync(target)) throw new BackupError(`${target} appeared while the backup was written`);
    await rename(partial, target);
    await syncFolder(dirname(target));
    return { ...outcome, bytes: (await stat(target)).size };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

function sqlitePathOf(databaseUrl: string): string {
  const path = databaseUrl.slice('sqlite:'.length);
  if (!databaseUrl.startsWith('sqlite:') || path === '')
    throw new BackupError('DATABASE_URL must be a sqlite: path or a postgres:// URL');
  if (path === ':memory:')
    throw new BackupError('the database is in memory (sqlite::memory:): nothing to back up');
  if (!existsSync(path))
    throw new BackupError(`no database at ${path}: set DATABASE_URL / DATA_DIR as the server has them`);
  return path;
}

/** Copies the live SQLite file at `path` to `destination` as one consistent snapshot, then checks it. */
async function copySqlite(path: string, destination: string): Promise<void> {
  const live = new SqliteDatabase(path, { fileMustExist: true });
  try {
    live.pragma('busy_timeout = 5000');
    // One step holds one read transaction over every page, so the copy is the database at one commit
    // while the server goes on writing (WAL readers never block it). In smaller steps the backup starts
    // over after each commit of the server, which under ingest would be forever.
    await live.backup(destination, { progress: () => ALL_PAGES });
  } finally {
    live.close();
  }
  const copy = new SqliteDatabase(destination, { fileMustExist: true });
  try {
    copy.pragma('journal_mode = DELETE');
    const check = copy.pragma('quick_check', { simple: true });
    if (check !== 'ok') throw new BackupError(`the copy of ${path} failed its check: ${String(check)}`);
  } finally {
    copy.close();
  }
  // Restored, it has the live file's permissions (it holds password hashes and device keys).
  await chmod(destination, (await stat(path)).mode & 0o777);
}

/** Adds DATA_DIR/uploads and its files; returns how many files. */
async function addUploads(tar: TarWriter, dataDir: string): Promise<number> {
  const dir = join(dataDir, UPLOADS_DIR);
  if (!existsSync(dir)) return 0;
  await tar.addDirectory(UPLOADS_DIR, await stat(dir));
  let count = 0;
  for (const entry of (await readdir(dir, { withFileTypes: true })).sort((a, b) =>
    a.name.localeCompare(b.name),
  )) {
    // The server writes only regular files there (logo-files.ts); anything else is not ours to copy.
    if (!entry.isFile()) continue;
    await tar.addFile(`${UPLOADS_DIR}/${entry.name}`, join(dir, entry.name));
    count++;
  }
  return count;
}

/** The URL without its password (which goes to pg_dump through PGPASSWORD, not the process list). */
function splitPassword(url: string): { url: string; password: string | null } {
  const parsed = new URL(url);
  const password = parsed.password ? decodeURIComponent(parsed.password) : null;
  parsed.password = '';
  return { url: parsed.toString(), password };
}

function shellQuote(text: string): string {
  return /^[\w./:@=+-]+$/.test(text) ? text : `'${text.replaceAll("'", `'\\''`)}'`;
}

/** The commands that back up a PostgreSQL server's data by hand, for a target archive `target`. */
export function manualPostgresCommands(source: BackupSource, target: string): string[] {
  const { url, password } = splitPassword(source.databaseUrl);
  const stem = target.replace(/\.tar$/, '');
  const files = [SECRET_FILE, ...SECRETS_KEY_FILES, UPLOADS_DIR].filter((name) =>
    existsSync(join(source.dataDir, name)),
  );
  const commands = [
    `${password ? 'PGPASSWORD=… ' : ''}pg_dump --format=custom --file=${shellQuote(`${stem}.pgdump`)} ${shellQuote(url)}`,
  ];
  if (files.length > 0)
    commands.push(
      `tar -cf ${shellQuote(`${stem}-files.tar`)} -C ${shellQuote(source.dataDir)} ${files.join(' ')}`,
    );
  return commands;
}

async function dumpPostgres(
  source: BackupSource,
  target: string,
  destination: string,
  pgDump: string,
): Promise<void> {
  const { url, password } = splitPassword(source.databaseUrl);
  const env = password === null ? process.env : { ...process.env, PGPASSWORD: password };
  await new Promise<void>((resolve, reject) => {
    const child = spawn(pgDump, ['--format=custom', `--file=${destination}`, `--dbname=${url}`], {
      env,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let errors = '';
    let settled = false;
    const settle = (error: Error | null) => {
      if (settled) return;
      settled = true;
      if (error) reject(error);
      else resolve();
    };
    child.stderr.on('data', (chunk: Buffer) => {
      errors += chunk.toString();
    });
    child.once('error', (error: NodeJS.ErrnoException) =>
      settle(error.code === 'ENOENT' ? new PgDumpMissing(manualPostgresCommands(source, target)) : error),
    );
    child.once('close', (code, signal) =>
      settle(code === 0 ? null : new BackupError(`pg_dump failed (${code ?? signal}): ${errors.trim()}`)),
    );
  });
}

/** Makes the rename itself durable: the folder's entry is synced like the file's data. */
async function syncFolder(path: string): Promise<void> {
  const folder = await open(path, 'r');
  try {
    await folder.sync();
  } finally {
    await folder.close();
  }
}

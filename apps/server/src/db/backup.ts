/**
 * Backups (`npm run backup -- FILE`, backup-cli.ts): one tar archive with what a server needs to start
 * again where it was: the database and every file and folder the server keeps in DATA_DIR, as
 * data-folder.ts names them (the token secret, so sessions stay valid; logos, task photos, inventory
 * images, box software packages). Safe while the server runs and ingests.
 *
 * - SQLite: SQLite's online backup API against the live file, all pages in one step, so the copy is one
 *   consistent snapshot. Copying the file is not: with WAL the latest commits sit in `-wal` beside it and
 *   a checkpoint may be rewriting pages meanwhile. The copy is switched to a rollback journal (one
 *   self-contained file; the server turns WAL back on when it opens it) and quick-checked.
 * - PostgreSQL: `pg_dump --format=custom` (a consistent snapshot too), when pg_dump is installed;
 *   otherwise nothing is written and PgDumpMissing carries the commands to run by hand.
 *
 * Files are added after the database snapshot, so every file the database names is in the archive:
 * logos and task photos are never deleted; an inventory image or a package deleted between the snapshot
 * and its copy is the one exception (its record was deleted too, after the snapshot; the copy skips a
 * file that vanished rather than failing). The archive is written under a temporary name next to FILE, synced,
 * then renamed: a FILE that exists is complete.
 */
import { spawn } from 'node:child_process';
import { existsSync, type Stats } from 'node:fs';
import { chmod, mkdtemp, open, readdir, rename, rm, stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

import SqliteDatabase from 'better-sqlite3';

import { DATA_FILES, DATA_FOLDERS, type DataFolder } from '../data-folder';
import { TarWriter } from './tar';

/** The token secret's name in DATA_DIR and in the archive. */
export const SECRET_FILE = DATA_FILES.jwtSecret.name;
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
  /** The other files of DATA_FILES that were there and are in the archive (their names). */
  files: string[];
  /** How many files of each of the server's folders are in the archive (0 for a folder not there). */
  folders: Record<DataFolder, number>;
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
      const files: string[] = [];
      for (const { name } of Object.values(DATA_FILES)) {
        if (await addKeptFile(tar, name, join(source.dataDir, name))) files.push(name);
      }
      const folders = {} as Record<DataFolder, number>;
      for (const [key, { name }] of Object.entries(DATA_FOLDERS) as Array<[DataFolder, { name: string }]>) {
        folders[key] = await addFolder(tar, name, join(source.dataDir, name));
      }
      await tar.finish();
      const secret = files.includes(SECRET_FILE);
      outcome = {
        file: target,
        databaseEntry,
        databaseBytes,
        snapshotAt,
        secret,
        files: files.filter((name) => name !== SECRET_FILE),
        folders,
      };
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

/** Adds the file at `path` as `name`; false when it is not there (or vanished meanwhile). */
async function addKeptFile(tar: TarWriter, name: string, path: string): Promise<boolean> {
  try {
    await tar.addFile(name, path);
    return true;
  } catch (error) {
    // addFile opens the file before it writes anything, so a missing file leaves the archive intact.
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
}

/** Adds the folder at `path` as `name` with its files and subfolders; returns how many files. */
async function addFolder(tar: TarWriter, name: string, path: string): Promise<number> {
  let info: Stats;
  try {
    info = await stat(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
  if (!info.isDirectory()) return 0;
  await tar.addDirectory(name, info);
  let count = 0;
  for (const entry of (await readdir(path, { withFileTypes: true })).sort((a, b) =>
    a.name.localeCompare(b.name),
  )) {
    // The server writes only regular files and folders there; anything else is not ours to copy.
    if (entry.isDirectory()) count += await addFolder(tar, `${name}/${entry.name}`, join(path, entry.name));
    else if (entry.isFile() && (await addKeptFile(tar, `${name}/${entry.name}`, join(path, entry.name))))
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
  const files = [...Object.values(DATA_FILES), ...Object.values(DATA_FOLDERS)]
    .map(({ name }) => name)
    .filter((name) => existsSync(join(source.dataDir, name)));
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

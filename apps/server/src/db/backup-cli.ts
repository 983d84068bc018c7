/**
 * `npm run backup -- FILE`: writes the server's data to the tar archive FILE (backup.ts), while the
 * server runs or not. Reads DATABASE_URL, DATA_DIR and JWT_SECRET as the server does. Exit code 0: FILE
 * is complete; 1: nothing was written (the message says why and what to do); 2: wrong arguments.
 */
import { dirname, join, resolve } from 'node:path';

import { ConfigError, REPO_ROOT, resolveDatabaseUrl } from '../config';
import { DATA_FILES, DATA_FOLDERS, type DataFolder } from '../data-folder';
import { BackupError, PgDumpMissing, SECRET_FILE, writeBackup } from './backup';

const KEPT = [
  ...Object.values(DATA_FILES).map((f) => `DATA_DIR/${f.name} (${f.holds.split(':')[0]})`),
  ...Object.values(DATA_FOLDERS).map((f) => `DATA_DIR/${f.name}/ (${f.holds})`),
];

const USAGE = `Usage: npm run backup -- FILE.tar

Writes a consistent backup of the Storefleet server's data to the new tar archive FILE.tar, also
while the server runs: the database (SQLite: a snapshot through SQLite's backup API; PostgreSQL:
pg_dump --format=custom) and every file the server keeps:
${KEPT.map((line) => `  ${line}`).join('\n')}
Uses DATABASE_URL and DATA_DIR as the server does. Restore: README.md, "Backup".`;

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

async function main(argv: readonly string[]): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const [file, ...rest] = argv;
  if (file === undefined || rest.length > 0 || file.startsWith('-')) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  // Resolved as loadConfig (config.ts) resolves them, without its side effects: it would create the
  // data folder and a new token secret where the server has none.
  const env = process.env;
  const dataDir = resolve(REPO_ROOT, env.DATA_DIR || './data');
  const databaseUrl = resolveDatabaseUrl(env.DATABASE_URL || `sqlite:${join(dataDir, 'storefleet.db')}`);
  // npm runs scripts from the repository root; a relative FILE means where the command was typed.
  const target = resolve(env.INIT_CWD || process.cwd(), file);
  const postgres = !databaseUrl.startsWith('sqlite:');

  const outcome = await writeBackup({ databaseUrl, dataDir }, target);
  const lines = [`Backup written to ${outcome.file} (${mb(outcome.bytes)}):`];
  const asOf = new Date(outcome.snapshotAt).toISOString();
  lines.push(
    `  ${outcome.databaseEntry.padEnd(16)} the database as of ${asOf}, ${postgres ? 'pg_dump custom format' : 'one consistent snapshot'} (${mb(outcome.databaseBytes)})`,
  );
  if (outcome.secret)
    lines.push(`  ${SECRET_FILE.padEnd(16)} the token secret: signed-in sessions survive a restore`);
  for (const file of Object.values(DATA_FILES) as Array<{ name: string; holds: string }>) {
    if (file.name !== SECRET_FILE && outcome.files.includes(file.name))
      lines.push(`  ${file.name.padEnd(16)} ${file.holds}`);
  }
  for (const [key, folder] of Object.entries(DATA_FOLDERS) as Array<
    [DataFolder, { name: string; holds: string }]
  >)
    lines.push(`  ${`${folder.name}/`.padEnd(16)} ${outcome.folders[key]} file(s) (${folder.holds})`);
  if (env.JWT_SECRET)
    lines.push('JWT_SECRET is set in the environment: the server signs with it, keep it with this backup.');
  else if (!outcome.secret)
    lines.push(
      `No token secret in ${dataDir}: sessions will not survive a restore (has the server started here?).`,
    );
  const databasePath = databaseUrl.slice('sqlite:'.length);
  if (!postgres && dirname(databasePath) !== dataDir)
    lines.push(
      `The database lives outside DATA_DIR: on restore, put ${outcome.databaseEntry} back at ${databasePath}.`,
    );
  lines.push('Keep it private: it holds the token secret, the secrets key and password hashes.');
  process.stdout.write(`${lines.join('\n')}\n`);
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    if (error instanceof PgDumpMissing) {
      process.stderr.write(
        `The database is PostgreSQL and ${error.message}. Nothing was written.\n` +
          `Back up by hand instead (the database, then the files the server keeps in DATA_DIR):\n${error.commands.map((c) => `  ${c}\n`).join('')}`,
      );
    } else if (
      error instanceof BackupError ||
      error instanceof ConfigError ||
      // A file system refusal (no space, no permission): its message names the path.
      (error instanceof Error && 'code' in error && 'path' in error)
    ) {
      process.stderr.write(`Backup failed: ${error.message}\n`);
    } else {
      process.stderr.write(
        `Backup failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
      );
    }
    process.exitCode = 1;
  },
);

/**
 * `npm run rotate-secrets`: reseals every secret stored in the database (box keys and their look-up
 * hashes, SNMP communities, notification settings) with the current secrets key, reading older values
 * with SECRETS_KEY_PREVIOUS / DATA_DIR/secrets-key.previous. Safe to rerun and while servers run (each
 * row is rewritten only if unchanged since read).
 *
 * `npm run rotate-secrets -- --new-key` (key in DATA_DIR, server stopped): moves DATA_DIR/secrets-key to
 * secrets-key.previous, writes a new secrets-key, reseals, then removes secrets-key.previous.
 * Exit code 0: everything is sealed with the current key; 1: something failed (the message says what);
 * 2: wrong arguments.
 */
import { existsSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { ConfigError, loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { resealSecrets } from './secret-columns.repository';
import { newSecretKeyText, PREVIOUS_SECRETS_KEY_FILE, SECRETS_KEY_FILE } from './secret-keys';

const USAGE = `Usage: npm run rotate-secrets [-- --new-key]

Reseals the secrets stored in the database with the current secrets key (SECRETS_KEY, else
DATA_DIR/${SECRETS_KEY_FILE}); older values are read with SECRETS_KEY_PREVIOUS or
DATA_DIR/${PREVIOUS_SECRETS_KEY_FILE}. --new-key first replaces the key file in DATA_DIR (stop the
server first). Steps: README.md, "Security".`;

/** Replaces DATA_DIR/secrets-key with a new key, keeping the old one as secrets-key.previous. */
function newKeyFile(dataDir: string): void {
  const file = join(dataDir, SECRETS_KEY_FILE);
  const previous = join(dataDir, PREVIOUS_SECRETS_KEY_FILE);
  if (existsSync(previous))
    throw new ConfigError(
      `${previous} exists: a rotation was not finished. Run npm run rotate-secrets (without --new-key) to finish it`,
    );
  if (existsSync(file)) renameSync(file, previous);
  writeFileSync(file, `${newSecretKeyText()}\n`, { mode: 0o600, flag: 'wx' });
}

async function main(argv: readonly string[]): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const newKey = argv.includes('--new-key');
  if (argv.some((arg) => arg !== '--new-key')) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  let config = loadConfig();
  if (newKey) {
    if (process.env.SECRETS_KEY)
      throw new ConfigError(
        'SECRETS_KEY is set: rotate by setting a new SECRETS_KEY and the old one as SECRETS_KEY_PREVIOUS',
      );
    newKeyFile(config.dataDir);
    config = loadConfig();
  }
  const database = openDatabase(config.databaseUrl);
  try {
    await migrateToLatest(database, { secrets: config.secrets });
    const outcome = await resealSecrets(database.db, config.secrets);
    process.stdout.write(
      `Resealed with key ${config.secrets.current.id}: ${outcome.devices} devices, ` +
        `${outcome.channels} companies' notification settings, ${outcome.mfaSecrets} two-step sign-in secrets.\n`,
    );
  } finally {
    await database.close();
  }
  const previous = join(config.dataDir, PREVIOUS_SECRETS_KEY_FILE);
  if (newKey) rmSync(previous, { force: true });
  else if (existsSync(previous) || process.env.SECRETS_KEY_PREVIOUS)
    process.stdout.write(
      `Every secret is sealed with the current key: remove SECRETS_KEY_PREVIOUS / ${previous} and restart the servers.\n`,
    );
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`rotate-secrets: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);

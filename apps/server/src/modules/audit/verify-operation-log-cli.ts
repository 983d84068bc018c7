/**
 * `npm run verify-operation-log`: checks the operation log's hash chain (operation-log-verify.ts) in the
 * database the server uses (DATABASE_URL, DATA_DIR as the server reads them), also while it runs.
 * Prints the number of entries checked and "intact" (exit 0), or the first broken entry's id, time and
 * what is wrong with it (exit 1). Exit 2: the database could not be read.
 */
import { join, resolve } from 'node:path';

import { REPO_ROOT, resolveDatabaseUrl } from '../../config';
import { openDatabase } from '../../db/database';
import { verifyOperationLog } from './operation-log-verify';

async function main(): Promise<number> {
  const env = process.env;
  const dataDir = resolve(REPO_ROOT, env.DATA_DIR || './data');
  const databaseUrl = resolveDatabaseUrl(env.DATABASE_URL || `sqlite:${join(dataDir, 'storefleet.db')}`);
  const database = openDatabase(databaseUrl);
  try {
    const report = await verifyOperationLog(database.db);
    const lines = [`Operation log: ${report.checked} entries checked.`];
    if (report.anchor)
      lines.push(
        `The oldest entry kept links to ${report.anchor.slice(0, 16)}…: older entries were removed.`,
      );
    if (report.broken) {
      const at = report.broken.operationTime
        ? new Date(report.broken.operationTime).toISOString()
        : 'unknown time';
      lines.push(`BROKEN at entry ${report.broken.id} (${at}): ${report.broken.problem}.`);
      process.stdout.write(`${lines.join('\n')}\n`);
      return 1;
    }
    lines.push('The chain is intact.');
    process.stdout.write(`${lines.join('\n')}\n`);
    return 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(
      `Could not verify the operation log: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    process.exitCode = 2;
  },
);

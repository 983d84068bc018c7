// `npm run test:fast`: the inner loop while developing. Unit tests and server tests on SQLite, without
// the slow group below (about three quarters of the server files' summed test time, by the per-file
// durations of one full run). `npm test` still runs everything, on both databases, with the browser
// tests; run it before pushing.
//
// The slow group: files that sweep every route, read or write large workbooks, or start servers as
// child processes. A file joins it when it alone takes ~15 s or more on SQLite; its reason stays beside it.
// Extra arguments go to vitest (`npm run test:fast -- apps/server/src/modules/stores`).
import { spawnSync } from 'node:child_process';

const SLOW_TESTS = [
  // every registered route, swept for four askers (about 37% of the server files' time)
  'apps/server/src/testing/sweep.test.ts',
  // workbooks of tens of thousands of rows, and an import killed and resumed in a child process
  'apps/server/src/modules/inventory/inventory-import-large.test.ts',
  'apps/server/src/modules/inventory/inventory-import-kill.test.ts',
  'apps/server/src/modules/inventory/inventory-import.test.ts',
  // two server nodes on one database
  'apps/server/src/engine/cluster/two-nodes.test.ts',
  // child server processes: backup and restore, start-up, a restart under connected boxes
  'apps/server/src/db/backup.test.ts',
  'apps/server/src/server-start.test.ts',
  'apps/server/src/engine/hub/server-restart.test.ts',
  // waits out the first-message window of the notifier on real SMTP/HTTP peers
  'apps/server/src/engine/notifications/notifier-first-message.test.ts',
  // the whole demo seed, with its usage history
  'apps/server/src/demo/seed.test.ts',
];

const root = new URL('..', import.meta.url).pathname;
const excludes = SLOW_TESTS.flatMap((file) => ['--exclude', file]);
const run = spawnSync(
  'npx',
  ['vitest', 'run', '--project', 'unit', '--project', 'server', ...excludes, ...process.argv.slice(2)],
  { cwd: root, stdio: 'inherit', env: { ...process.env, TEST_DB: 'sqlite' } },
);
process.exit(run.status ?? 1);

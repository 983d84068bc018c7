// `npm test`: the whole suite as CI runs it.
//   0. the machine: installs and starts the peers the suite runs against when missing (test-machine.mjs)
//   1. unit and server tests on SQLite (vitest projects `unit` and `server`)
//   2. server tests again on PostgreSQL (127.0.0.1:5432, database `test`, a fresh schema per test file)
//   3. web build, then browser tests in headless Chromium (e2e/)
// Ends with one line `Tests: N passed, N failed` summed over every step. A skipped or todo test fails the run:
// the suite claims what it did not check otherwise.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { prepareTestMachine } from './test-machine.mjs';

const root = new URL('..', import.meta.url).pathname;
const reports = mkdtempSync(join(tmpdir(), 'storefleet-test-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
const failedSteps = [];

function vitest(name, args, env = {}) {
  const report = join(reports, `${name}.json`);
  console.log(`\n=== ${name} ===`);
  const run = spawnSync(
    'npx',
    ['vitest', 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
    { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } },
  );
  if (existsSync(report)) {
    const result = JSON.parse(readFileSync(report, 'utf8'));
    totals.passed += result.numPassedTests;
    totals.failed += result.numFailedTests;
    const skipped = result.numPendingTests + result.numTodoTests;
    totals.skipped += skipped;
    if (result.numTotalTests === 0) failedSteps.push(`${name} (ran no test)`);
    if (skipped) {
      failedSteps.push(`${name} (${skipped} skipped or todo)`);
      for (const file of result.testResults) {
        for (const test of file.assertionResults) {
          if (test.status !== 'passed' && test.status !== 'failed') {
            console.log(`${test.status}: ${file.name} > ${test.fullName}`);
          }
        }
      }
    }
  }
  if (run.status !== 0) failedSteps.push(name);
}

function step(name, command, args) {
  console.log(`\n=== ${name} ===`);
  const run = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (run.status !== 0) failedSteps.push(name);
  return run.status === 0;
}

if (!(await prepareTestMachine())) {
  console.log('\nFailed steps: test machine (nothing ran)');
  process.exit(1);
}
vitest('unit and server tests on SQLite', []);
const pgReady = spawnSync('pg_isready', ['-h', '127.0.0.1', '-p', '5432'], { stdio: 'ignore' }).status === 0;
if (pgReady) {
  vitest('server tests on PostgreSQL', ['--project', 'server'], { TEST_DB: 'postgres' });
} else {
  console.error(
    'PostgreSQL is not answering on 127.0.0.1:5432: the PostgreSQL half of the suite cannot run.',
  );
  failedSteps.push('server tests on PostgreSQL (no server)');
}
if (step('web build', 'npm', ['run', 'build', '-w', 'apps/web'])) {
  vitest('browser tests (headless Chromium)', ['--config', 'e2e/vitest.config.ts']);
}

console.log('');
if (failedSteps.length) console.log(`Failed steps: ${failedSteps.join('; ')}`);
console.log(
  `Tests: ${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`,
);
process.exit(failedSteps.length || totals.failed ? 1 : 0);

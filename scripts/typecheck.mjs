// Type-checks every workspace (and the root's scripts, e2e and bench) with the one TypeScript compiler.
import { spawnSync } from 'node:child_process';

const projects = [
  '.',
  'packages/contracts',
  'packages/agent-link',
  'apps/server',
  'apps/agent',
  'apps/simulator',
  'apps/web',
];
let failed = false;
for (const project of projects) {
  const run = spawnSync('npx', ['tsc', '--noEmit', '-p', project], { stdio: 'inherit' });
  if (run.status !== 0) {
    console.error(`typecheck failed in ${project}`);
    failed = true;
  }
}
process.exit(failed ? 1 : 0);

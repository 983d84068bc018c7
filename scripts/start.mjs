// `npm start`: build the web console if its sources changed, then run the server (and, through it, the
// demo fleet). Signals are forwarded so Ctrl-C and SIGTERM shut the server down gracefully.
import { spawn } from 'node:child_process';
import { join } from 'node:path';

import { buildWebIfStale } from './web-build.mjs';

const root = new URL('..', import.meta.url).pathname;
if (!buildWebIfStale()) {
  console.error('[storefleet] the web console could not be built; see the output above.');
  process.exit(1);
}
const server = spawn(process.execPath, ['--import', 'tsx', join(root, 'apps/server/src/server.ts')], {
  cwd: root,
  stdio: 'inherit',
  env: process.env,
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

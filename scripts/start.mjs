// `npm start`: build the web console and the server if their sources changed, then run the built server
// (and, through it, the demo fleet). Signals are forwarded so Ctrl-C and SIGTERM shut the server down
// gracefully.
import { spawn } from 'node:child_process';

import { buildServerIfStale, SERVER_ENTRY, SERVER_NODE_FLAGS } from './server-build.mjs';
import { buildWebIfStale } from './web-build.mjs';

const root = new URL('..', import.meta.url).pathname;
if (!buildWebIfStale()) {
  console.error('[storefleet] the web console could not be built; see the output above.');
  process.exit(1);
}
try {
  await buildServerIfStale();
} catch (error) {
  console.error(
    `[storefleet] the server could not be built: ${error instanceof Error ? error.message : error}`,
  );
  process.exit(1);
}
const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, SERVER_ENTRY], {
  cwd: root,
  stdio: 'inherit',
  env: process.env,
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

// Builds the server into apps/server/dist: the TypeScript of the server and of the workspace packages
// it uses (contracts, simulator, agent parts) bundled into plain JavaScript, npm packages left as
// imports. `npm start`, the browser tests and the benchmarks run this build, as production does; the
// server's own tests run the sources through tsx. Running from the build saves the TypeScript loader's
// thread and caches: ~65 MB of resident memory at idle, and a faster start
// (docs/decisions/server-build.md, figures in bench/README.md).
import { existsSync, mkdirSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

import { newest } from './web-build.mjs';

const root = new URL('..', import.meta.url).pathname;
export const SERVER_DIST = join(root, 'apps/server/dist');
/** The built entry point; the import worker's bundle lies beside it. */
export const SERVER_ENTRY = join(SERVER_DIST, 'server.mjs');
/**
 * Node's flags for the built server (`npm start`, the browser tests, the benchmarks). A young
 * generation of 4 MB semi-spaces instead of 16: at 10,000 stores on one node (bench:capacity, SQLite,
 * 2,671 values/s) the resident peak was 419 MB with the default, 401 MB with 8 MB and 398 MB with 4 MB
 * (the bar: 400), for 0.45 → 0.53 cores of server CPU, docs/decisions/server-build.md.
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=4'];

const ENTRIES = {
  server: join(root, 'apps/server/src/server.ts'),
  'inventory-import-worker-thread': join(
    root,
    'apps/server/src/modules/inventory/inventory-import-worker-thread.ts',
  ),
};
const SOURCES = [
  'apps/server/src',
  'apps/agent/src',
  'apps/simulator/src',
  'packages/contracts/src',
  'packages/agent-link/src',
].map((p) => join(root, p));

/** True when the build is missing or any source it bundles changed after it was made. */
export function serverBuildIsStale() {
  if (!existsSync(SERVER_ENTRY)) return true;
  const builtAt = statSync(SERVER_ENTRY).mtimeMs;
  return SOURCES.some((s) => newest(s) > builtAt);
}

/** Builds the server when stale (about a second); throws with esbuild's message when it cannot. */
export async function buildServerIfStale() {
  if (!serverBuildIsStale()) return;
  const { build } = await import('esbuild');
  const result = await build({
    write: false,
    entryPoints: ENTRIES,
    outdir: SERVER_DIST,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'linked',
    logLevel: 'warning',
    plugins: [
      {
        // npm packages stay imports (resolved from node_modules at run time); our workspaces are bundled.
        name: 'npm-packages-external',
        setup(builder) {
          builder.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith('@storefleet/') ? undefined : { path: args.path, external: true },
          );
        },
      },
    ],
  });
  // Each file replaced whole (written aside, then renamed): a server starting meanwhile, or another
  // process building at the same time, never reads half a file.
  for (const file of result.outputFiles) {
    mkdirSync(dirname(file.path), { recursive: true });
    const aside = `${file.path}.${process.pid}.tmp`;
    writeFileSync(aside, file.contents);
    renameSync(aside, file.path);
  }
}

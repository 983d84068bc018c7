// Decides whether the web build in apps/web/dist is older than its sources, and rebuilds it when it is.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const web = join(root, 'apps/web');
const dist = join(web, 'dist');
const sources = [
  join(web, 'src'),
  join(web, 'index.html'),
  join(web, 'admin'),
  join(web, 'vite.config.ts'),
  join(root, 'packages/contracts/src'),
];

/** The newest modification time of `path` and everything under it (0 when it does not exist). */
export function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = stat.mtimeMs;
  for (const entry of readdirSync(path)) latest = Math.max(latest, newest(join(path, entry)));
  return latest;
}

/** True when dist is missing or any web or contract source changed after the last build. */
export function webBuildIsStale() {
  const built = join(dist, 'index.html');
  if (!existsSync(built)) return true;
  const builtAt = statSync(built).mtimeMs;
  return sources.some((s) => newest(s) > builtAt);
}

/** Builds the web applications when stale; returns false when the build failed or cannot run here. */
export function buildWebIfStale() {
  if (!webBuildIsStale()) return true;
  if (!existsSync(join(root, 'node_modules/.bin/vite'))) {
    console.warn('[storefleet] vite is not installed (production install?): skipping the web build');
    return false;
  }
  console.log('[storefleet] building the web console (apps/web) …');
  const run = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
  return run.status === 0;
}

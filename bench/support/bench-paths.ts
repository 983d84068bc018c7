/** Where the benchmarks find the repository, and the scratch folders they make and remove. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** A fresh scratch folder under the system temp dir; `remove()` deletes it. */
export function scratchDir(prefix: string): { path: string; remove(): void } {
  const path = mkdtempSync(join(tmpdir(), `storefleet-bench-${prefix}-`));
  return { path, remove: () => rmSync(path, { recursive: true, force: true }) };
}

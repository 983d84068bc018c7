/**
 * Removing image files no record needs any more (docs/decisions/inventory.md, "Image files").
 *
 * Files are named by content (sha256) per company, so one file may serve several records. A file
 * is removed only after the change that dropped its name has committed, and only when no record of
 * the company names it then. Within the process, the per-company lock orders that check-and-remove
 * against an edit's "is this an uploaded image?" check and its write: an edit either commits first
 * (its record then holds the name, the file stays) or checks after the removal (the image is gone,
 * the edit is refused with "upload it again", and the upload writes the file anew). A record never
 * names a file that is not there.
 */
import type { AppContext } from '../../context';
import { readCodeList } from '../../db/json';
import { listImageHolders } from './inventory.repository';
import { removeImage } from './inventory-images';

/** Names per query (each a LIKE condition). */
const NAMES_PER_QUERY = 100;

const locks = new Map<number, Promise<unknown>>();

/** Runs `work` while holding company `companyId`'s image lock (callers queue in order). */
export async function withImageLock<T>(companyId: number, work: () => Promise<T>): Promise<T> {
  const before = locks.get(companyId) ?? Promise.resolve();
  const run = before.then(work, work);
  const settled = run.catch(() => undefined);
  locks.set(companyId, settled);
  try {
    return await run;
  } finally {
    if (locks.get(companyId) === settled) locks.delete(companyId);
  }
}

/** Of `names`, the ones no record of the company holds (committed state). */
async function unreferenced(ctx: AppContext, companyId: number, names: readonly string[]) {
  const held = new Set<string>();
  for (let at = 0; at < names.length; at += NAMES_PER_QUERY) {
    const rows = await listImageHolders(ctx.db, companyId, names.slice(at, at + NAMES_PER_QUERY));
    for (const row of rows) for (const name of readCodeList(row.images)) held.add(name);
  }
  return names.filter((name) => !held.has(name));
}

/**
 * Removes the files of `names` that no record of the company holds. Call it with the lock held
 * (`withImageLock`) and after the change that dropped the names has committed. Returns the names
 * removed.
 */
export async function removeUnreferencedImagesLocked(
  ctx: AppContext,
  companyId: number,
  names: Iterable<string>,
): Promise<string[]> {
  const candidates = [...new Set(names)].filter((n) => n !== '');
  if (candidates.length === 0) return [];
  const removed: string[] = [];
  for (const name of await unreferenced(ctx, companyId, candidates)) {
    if (await removeImage(ctx.config.dataDir, companyId, name)) removed.push(name);
  }
  return removed;
}

/**
 * After a committed change (records deleted, images dropped on edit): removes the files of the
 * dropped names nobody holds, per company. A failure is logged, never the caller's error: the change
 * itself is done, and a file left behind costs only disk.
 */
export async function removeDroppedImages(
  ctx: AppContext,
  dropped: ReadonlyArray<{ companyId: number; names: readonly string[] }>,
): Promise<void> {
  const byCompany = new Map<number, Set<string>>();
  for (const { companyId, names } of dropped) {
    const set = byCompany.get(companyId) ?? new Set<string>();
    for (const name of names) set.add(name);
    byCompany.set(companyId, set);
  }
  for (const [companyId, names] of byCompany) {
    try {
      await withImageLock(companyId, () => removeUnreferencedImagesLocked(ctx, companyId, names));
    } catch (error) {
      ctx.log.warn({ err: error, companyId }, 'inventory images: removing unreferenced files failed');
    }
  }
}

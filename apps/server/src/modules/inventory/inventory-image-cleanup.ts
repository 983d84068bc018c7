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
 *
 * Uploads never saved on a record (a form abandoned) are swept by `sweepOrphanImages` once their
 * grace period has passed (the periodic job of inventory.routes.ts): each candidate is checked again
 * under its company's lock (still old, still named by no record) before it is removed, and an upload
 * takes the same lock, so a photo uploaded again meanwhile (its time set to now) stays. One sweep
 * runs at a time per data folder in the process; a second caller joins the running one.
 */
import type { AppContext } from '../../context';
import { readCodeList } from '../../db/json';
import { imageTime, listStoredImages, removeImage } from './inventory-images';
import { listImageHolders } from './inventory-images.repository';

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

/** An upload no record names is removed this long after it was uploaded (a form left open for a day). */
export const ORPHAN_GRACE_MS = 24 * 60 * 60 * 1000;
/** How often the server sweeps (inventory.routes.ts). */
export const ORPHAN_SWEEP_EVERY_MS = 60 * 60 * 1000;

export interface OrphanSweep {
  /** Files older than the grace period looked at. */
  checked: number;
  /** Removed: `<companyId>/<name>`. */
  removed: string[];
}

/** The running sweep per data folder: the process's lock. */
const sweeps = new Map<string, Promise<OrphanSweep>>();

async function sweep(ctx: AppContext, graceMs: number, now: number): Promise<OrphanSweep> {
  const dataDir = ctx.config.dataDir;
  const cutoff = now - graceMs;
  const byCompany = new Map<number, string[]>();
  let checked = 0;
  for (const image of await listStoredImages(dataDir)) {
    if (image.time > cutoff) continue;
    checked++;
    byCompany.set(image.companyId, [...(byCompany.get(image.companyId) ?? []), image.name]);
  }
  const removed: string[] = [];
  for (const [companyId, names] of byCompany) {
    try {
      await withImageLock(companyId, async () => {
        const stillOld: string[] = [];
        for (const name of names) {
          const time = await imageTime(dataDir, companyId, name);
          if (time !== null && time <= cutoff) stillOld.push(name);
        }
        for (const name of await removeUnreferencedImagesLocked(ctx, companyId, stillOld)) {
          removed.push(`${companyId}/${name}`);
        }
      });
    } catch (error) {
      ctx.log.warn({ err: error, companyId }, 'inventory images: sweeping orphan uploads failed');
    }
  }
  if (removed.length > 0)
    ctx.log.info({ removed: removed.length }, 'inventory images: orphan uploads removed');
  return { checked, removed };
}

/**
 * Removes the image files no record names that were uploaded more than `graceMs` ago. Runs once at
 * a time per data folder: while a sweep runs, another call gets the running sweep's outcome.
 */
export function sweepOrphanImages(
  ctx: AppContext,
  options: { graceMs?: number; now?: number } = {},
): Promise<OrphanSweep> {
  const key = ctx.config.dataDir;
  const running = sweeps.get(key);
  if (running) return running;
  const started = sweep(ctx, options.graceMs ?? ORPHAN_GRACE_MS, options.now ?? Date.now()).finally(() =>
    sweeps.delete(key),
  );
  sweeps.set(key, started);
  return started;
}

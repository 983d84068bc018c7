/**
 * Where inventory images live: `<dataDir>/inventory-images/<companyId>/<sha256>.<ext>`. Named by
 * content, so the same photo uploaded twice is one file, and per company, so a name issued to one
 * company never opens another's file. Files are never overwritten (same name, same bytes); one is
 * removed when no record of its company names it any more (inventory-image-cleanup.ts).
 */
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, stat, unlink, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

import { INVENTORY_IMAGE_NAME } from '@storefleet/contracts';

import { dataFolderPath } from '../../data-folder';

const CONTENT_TYPES: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp' };

function companyDir(dataDir: string, companyId: number): string {
  return join(dataFolderPath(dataDir, 'inventoryImages'), String(companyId));
}

/** The stored name of `bytes` as an image of `extension`. */
export function imageNameOf(bytes: Buffer, extension: string): string {
  return `${createHash('sha256').update(bytes).digest('hex')}.${extension}`;
}

/**
 * Stores the image for the company (a file of that name already holds the same bytes: its time is
 * set to now, so the orphan sweep's grace period counts from this upload).
 */
export async function storeImage(dataDir: string, companyId: number, name: string, bytes: Buffer) {
  const dir = companyDir(dataDir, companyId);
  await mkdir(dir, { recursive: true });
  try {
    await writeFile(join(dir, name), bytes, { flag: 'wx', mode: 0o640 });
  } catch (error) {
    if ((error as { code?: string }).code !== 'EEXIST') throw error;
    const now = new Date();
    await utimes(join(dir, name), now, now);
  }
}

/** When the company's image of that name was last written or uploaded again (ms); null when none. */
export async function imageTime(dataDir: string, companyId: number, name: string): Promise<number | null> {
  if (!INVENTORY_IMAGE_NAME.test(name)) return null;
  try {
    return (await stat(join(companyDir(dataDir, companyId), name))).mtimeMs;
  } catch {
    return null;
  }
}

/** Every stored image: company, name, time of its last upload (ms). */
export async function listStoredImages(
  dataDir: string,
): Promise<Array<{ companyId: number; name: string; time: number }>> {
  const root = dataFolderPath(dataDir, 'inventoryImages');
  const found: Array<{ companyId: number; name: string; time: number }> = [];
  let companies: string[];
  try {
    companies = await readdir(root);
  } catch (error) {
    if ((error as { code?: string }).code === 'ENOENT') return [];
    throw error;
  }
  for (const dir of companies) {
    if (!/^\d+$/.test(dir)) continue;
    const companyId = Number(dir);
    for (const name of await readdir(join(root, dir)).catch(() => [] as string[])) {
      const time = await imageTime(dataDir, companyId, name);
      if (time !== null) found.push({ companyId, name, time });
    }
  }
  return found;
}

/** Whether the company holds an image of that name. */
export async function hasImage(dataDir: string, companyId: number, name: string): Promise<boolean> {
  if (!INVENTORY_IMAGE_NAME.test(name)) return false;
  try {
    return (await stat(join(companyDir(dataDir, companyId), name))).isFile();
  } catch {
    return false;
  }
}

/** The company's image and its type, or null when it holds none of that name. */
export async function readImage(
  dataDir: string,
  companyId: number,
  name: string,
): Promise<{ bytes: Buffer; contentType: string } | null> {
  if (!INVENTORY_IMAGE_NAME.test(name)) return null;
  try {
    const bytes = await readFile(join(companyDir(dataDir, companyId), name));
    return {
      bytes,
      contentType: CONTENT_TYPES[name.slice(name.lastIndexOf('.') + 1)] ?? 'application/octet-stream',
    };
  } catch {
    return null;
  }
}

/** Removes the company's image of that name; false when there was none. */
export async function removeImage(dataDir: string, companyId: number, name: string): Promise<boolean> {
  if (!INVENTORY_IMAGE_NAME.test(name)) return false;
  try {
    await unlink(join(companyDir(dataDir, companyId), name));
    return true;
  } catch (error) {
    if ((error as { code?: string }).code === 'ENOENT') return false;
    throw error;
  }
}

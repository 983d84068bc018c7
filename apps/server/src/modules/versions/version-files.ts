/** Where version packages live: `<dataDir>/versions/<random name>.pkg` (server-generated names only). */
import { randomBytes } from 'node:crypto';
import { createReadStream, type ReadStream } from 'node:fs';
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

import { dataFolderPath } from '../../data-folder';

export const VERSION_FILE_NAME = /^[0-9a-f]{32}\.pkg$/;

function versionsDir(dataDir: string): string {
  return dataFolderPath(dataDir, 'versions');
}

export function newVersionFileName(): string {
  return `${randomBytes(16).toString('hex')}.pkg`;
}

/** Writes the package; `wx` refuses to overwrite, so a name clash can never replace another package. */
export async function storeVersionFile(dataDir: string, fileName: string, bytes: Buffer): Promise<void> {
  const dir = versionsDir(dataDir);
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, fileName), bytes, { flag: 'wx', mode: 0o640 });
}

export async function removeVersionFile(dataDir: string, fileName: string): Promise<void> {
  if (VERSION_FILE_NAME.test(fileName)) await rm(join(versionsDir(dataDir), fileName), { force: true });
}

/** A stream of the stored package, or null when the file is gone. */
export async function openVersionFile(dataDir: string, fileName: string): Promise<ReadStream | null> {
  if (!VERSION_FILE_NAME.test(fileName)) return null;
  const path = join(versionsDir(dataDir), fileName);
  try {
    await stat(path);
  } catch {
    return null;
  }
  return createReadStream(path);
}

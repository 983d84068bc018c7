/** Where issued logo files live: `<dataDir>/uploads/<random name>`. */
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

import { fillPath, LogoEndpoints } from '@storefleet/contracts';

import { dataFolderPath } from '../../data-folder';

/** Server-generated names only: 32 hex digits and the extension the content decided. */
export const LOGO_FILE_NAME = /^[0-9a-f]{32}\.(png|jpg|webp)$/;

export function uploadsDir(dataDir: string): string {
  return dataFolderPath(dataDir, 'uploads');
}

/** A fresh unguessable file name for an image of `extension`. */
export function newLogoFileName(extension: string): string {
  return `${randomBytes(16).toString('hex')}.${extension}`;
}

/** The URL the server serves `fileName` at (and the only imgUrl form it accepts). */
export function logoFileUrl(fileName: string): string {
  return fillPath(LogoEndpoints.file.path, { name: fileName });
}

/** The file name inside an issued URL, or null when `url` is not one the server hands out. */
export function fileNameOfUrl(url: string): string | null {
  const prefix = LogoEndpoints.file.path.replace(':name', '');
  if (!url.startsWith(prefix)) return null;
  const name = url.slice(prefix.length);
  return LOGO_FILE_NAME.test(name) ? name : null;
}

/** Writes the file; `wx` refuses to overwrite, so a name clash can never replace another logo. */
export async function storeLogoFile(dataDir: string, fileName: string, bytes: Buffer): Promise<void> {
  const dir = uploadsDir(dataDir);
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, fileName), bytes, { flag: 'wx', mode: 0o640 });
}

export async function readLogoFile(dataDir: string, fileName: string): Promise<Buffer | null> {
  if (!LOGO_FILE_NAME.test(fileName)) return null;
  try {
    return await readFile(join(uploadsDir(dataDir), fileName));
  } catch {
    return null;
  }
}

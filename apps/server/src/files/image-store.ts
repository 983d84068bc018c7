/**
 * Uploaded images kept in a folder of the data folder (company logos, task photos): checked by
 * content first (image-upload.ts), written once under a fresh unguessable name, read back only by a
 * name the server makes. Inventory images are kept apart, by their hash (inventory-images.ts).
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

import { type DataFolder, dataFolderPath } from '../data-folder';
import { type ImageLimits, inspectImage, type UploadedImage } from './image-upload';

/** Server-generated names only: 32 hex digits and the extension the content decided. */
export const IMAGE_FILE_NAME = /^[0-9a-f]{32}\.(png|jpg|webp)$/;

/** An image as stored: its file name, type, bytes and pixels (the fields of an upload's reply). */
export interface StoredImage {
  name: string;
  contentType: UploadedImage['contentType'];
  size: number;
  width: number;
  height: number;
}

/** What an upload's reply says of the image `bytes`, stored as `name`. */
export function storedImage(name: string, bytes: Buffer, image: UploadedImage): StoredImage {
  return {
    name,
    contentType: image.contentType,
    size: bytes.length,
    width: image.width,
    height: image.height,
  };
}

/** Checks `bytes` by content within `limits` (400 otherwise) and writes them under a new name in `folder`. */
export async function storeUploadedImage(
  dataDir: string,
  folder: DataFolder,
  bytes: Buffer,
  limits: ImageLimits,
): Promise<StoredImage> {
  const image = inspectImage(bytes, limits);
  const name = `${randomBytes(16).toString('hex')}.${image.extension}`;
  const dir = dataFolderPath(dataDir, folder);
  await mkdir(dir, { recursive: true });
  // `wx` refuses to overwrite, so a name clash can never replace another image.
  await writeFile(join(dir, name), bytes, { flag: 'wx', mode: 0o640 });
  return storedImage(name, bytes, image);
}

/** The bytes of image `name` in `folder`; null for a name the server does not make or a file that is gone. */
export async function readUploadedImage(
  dataDir: string,
  folder: DataFolder,
  name: string,
): Promise<Buffer | null> {
  if (!IMAGE_FILE_NAME.test(name)) return null;
  try {
    return await readFile(join(dataFolderPath(dataDir, folder), name));
  } catch {
    return null;
  }
}

/**
 * The row recording that `uploadedBy` uploaded `image` for company `companyId` at `now`: the columns
 * `logo_uploads` and `task_photos` share.
 */
export function uploadedImageRow(
  image: StoredImage,
  companyId: number,
  uploadedBy: number | null,
  now: number,
) {
  return {
    file_name: image.name,
    company_id: companyId,
    content_type: image.contentType,
    size: image.size,
    width: image.width,
    height: image.height,
    uploaded_by: uploadedBy,
    created_at: now,
  };
}

/**
 * Task photos: checked by content with the logo's rules (PNG, JPEG or WebP, ≤ 2 MiB, ≤ 4096×4096),
 * stored under a fresh random name in `<dataDir>/task-photos/`, served only to the uploading company's
 * users with their recorded type. A stage change may name only photos its company uploaded.
 */
import { fillPath, LOGO_LIMITS, TaskEndpoints, type TaskPhotoUploadResult } from '@storefleet/contracts';
import type { Kysely } from 'kysely';

import { type Caller, coversCompany, requireCompany, type Scope } from '../../auth/caller';
import type { DB } from '../../db/database';
import {
  IMAGE_FILE_NAME,
  readUploadedImage,
  storeUploadedImage,
  uploadedImageRow,
} from '../../files/image-store';
import { invalid, notFound } from '../../http/errors';
import { companyPhotoNames, findTaskPhoto, insertTaskPhoto } from './task-photos.repository';

const FILE = { zh: '照片', en: 'photo' };

/** The URL a photo is served at. */
export function taskPhotoUrl(name: string): string {
  return fillPath(TaskEndpoints.taskPhoto.path, { name });
}

/** The file name inside an issued URL (or a bare issued name), else null. */
export function photoNameOf(url: string): string | null {
  const prefix = TaskEndpoints.taskPhoto.path.replace(':name', '');
  const name = url.startsWith(prefix) ? url.slice(prefix.length) : url;
  return IMAGE_FILE_NAME.test(name) ? name : null;
}

export async function uploadTaskPhoto(
  db: Kysely<DB>,
  dataDir: string,
  scope: Scope,
  caller: Caller,
  bytes: Buffer,
  now: number = Date.now(),
): Promise<TaskPhotoUploadResult> {
  const companyId = requireCompany(scope);
  const image = await storeUploadedImage(dataDir, 'taskPhotos', bytes, LOGO_LIMITS);
  await insertTaskPhoto(db, uploadedImageRow(image, companyId, caller.userId, now));
  return { url: taskPhotoUrl(image.name), ...image };
}

export async function readTaskPhoto(
  db: Kysely<DB>,
  dataDir: string,
  scope: Scope,
  name: string,
): Promise<{ bytes: Buffer; contentType: string }> {
  if (!IMAGE_FILE_NAME.test(name)) throw notFound(FILE);
  const row = await findTaskPhoto(db, name);
  if (!row || !coversCompany(scope, row.company_id)) throw notFound(FILE);
  const bytes = await readUploadedImage(dataDir, 'taskPhotos', name);
  if (!bytes) throw notFound(FILE);
  return { bytes, contentType: row.content_type };
}

/** The stored names of `urls`; 400 unless each is a photo the company uploaded. */
export async function checkedPhotoNames(
  db: Kysely<DB>,
  companyId: number,
  urls: readonly string[],
): Promise<string[]> {
  const names = urls.map(photoNameOf);
  const known = await companyPhotoNames(
    db,
    companyId,
    names.filter((n): n is string => n !== null),
  );
  if (names.some((n) => n === null || !known.has(n)))
    throw invalid('photos', {
      zh: '必须是本公司通过任务照片上传得到的地址',
      en: 'must be URLs returned by task/photo/upload for your company',
    });
  return names as string[];
}

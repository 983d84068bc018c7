/**
 * Task photos: checked by content with the logo's rules (PNG, JPEG or WebP, ≤ 2 MiB, ≤ 4096×4096),
 * stored under a fresh random name in `<dataDir>/task-photos/`, served only to the uploading company's
 * users with their recorded type. A stage change may name only photos its company uploaded.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

import { fillPath, LOGO_LIMITS, TaskEndpoints, type TaskPhotoUploadResult } from '@storefleet/contracts';
import type { Kysely } from 'kysely';

import { type Caller, coversCompany, requireCompany, type Scope } from '../../auth/caller';
import { dataFolderPath } from '../../data-folder';
import type { DB } from '../../db/database';
import { invalid, notFound } from '../../http/errors';
import { inspectImage } from '../../http/image-upload';
import { companyPhotoNames, findTaskPhoto, insertTaskPhoto } from './task-photos.repository';

const PHOTO_NAME = /^[0-9a-f]{32}\.(png|jpg|webp)$/;
const FILE = { zh: '照片', en: 'photo' };

const photosDir = (dataDir: string) => dataFolderPath(dataDir, 'taskPhotos');

/** The URL a photo is served at. */
export function taskPhotoUrl(name: string): string {
  return fillPath(TaskEndpoints.taskPhoto.path, { name });
}

/** The file name inside an issued URL (or a bare issued name), else null. */
export function photoNameOf(url: string): string | null {
  const prefix = TaskEndpoints.taskPhoto.path.replace(':name', '');
  const name = url.startsWith(prefix) ? url.slice(prefix.length) : url;
  return PHOTO_NAME.test(name) ? name : null;
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
  const image = inspectImage(bytes, LOGO_LIMITS);
  const name = `${randomBytes(16).toString('hex')}.${image.extension}`;
  await mkdir(photosDir(dataDir), { recursive: true });
  await writeFile(join(photosDir(dataDir), name), bytes, { flag: 'wx', mode: 0o640 });
  await insertTaskPhoto(db, {
    file_name: name,
    company_id: companyId,
    content_type: image.contentType,
    size: bytes.length,
    width: image.width,
    height: image.height,
    uploaded_by: caller.userId,
    created_at: now,
  });
  return {
    url: taskPhotoUrl(name),
    name,
    contentType: image.contentType,
    size: bytes.length,
    width: image.width,
    height: image.height,
  };
}

export async function readTaskPhoto(
  db: Kysely<DB>,
  dataDir: string,
  scope: Scope,
  name: string,
): Promise<{ bytes: Buffer; contentType: string }> {
  if (!PHOTO_NAME.test(name)) throw notFound(FILE);
  const row = await findTaskPhoto(db, name);
  if (!row || !coversCompany(scope, row.company_id)) throw notFound(FILE);
  try {
    return { bytes: await readFile(join(photosDir(dataDir), name)), contentType: row.content_type };
  } catch {
    throw notFound(FILE);
  }
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

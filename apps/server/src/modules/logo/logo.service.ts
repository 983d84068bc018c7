/**
 * Company logos: upload (checked by content), serving issued files, and the logo row of a company.
 * Every call is limited to the caller's company; another company's logo reads as missing (404).
 */
import {
  type CompanyLogo,
  LOGO_LIMITS,
  type LogoInsertBody,
  type LogoUpdateBody,
  type LogoUploadResult,
} from '@storefleet/contracts';
import type { Kysely } from 'kysely';

import { type Caller, coversCompany, requireCompany, type Scope } from '../../auth/caller';
import type { DB } from '../../db/database';
import { readUploadedImage, storeUploadedImage, uploadedImageRow } from '../../files/image-store';
import { conflict, invalid, notFound } from '../../http/errors';
import { formatDateTime } from '../../http/time';
import { companyExists } from '../stores/companies.repository';
import {
  type CompanyLogoRow,
  findCompanyLogo,
  findLogoOfCompany,
  findLogoUpload,
  insertCompanyLogo,
  insertLogoUpload,
  updateCompanyLogo,
} from './logo.repository';
import { fileNameOfUrl, logoFileUrl } from './logo-files';

function toLogo(row: CompanyLogoRow): CompanyLogo {
  return {
    id: row.id,
    companyId: row.company_id,
    imgUrl: row.img_url,
    status: row.status,
    createId: row.create_id,
    createName: row.create_name,
    createTime: formatDateTime(row.created_at),
    lastUpdateName: row.last_update_name,
    updateTime: formatDateTime(row.updated_at),
  };
}

/** Checks the image by content, stores it under a new random name and records it for the caller's company. */
export async function uploadLogo(
  db: Kysely<DB>,
  dataDir: string,
  scope: Scope,
  caller: Caller,
  bytes: Buffer,
  now: number = Date.now(),
): Promise<LogoUploadResult> {
  const companyId = requireCompany(scope);
  const image = await storeUploadedImage(dataDir, 'uploads', bytes, LOGO_LIMITS);
  await insertLogoUpload(db, uploadedImageRow(image, companyId, caller.userId, now));
  return { url: logoFileUrl(image.name), ...image };
}

/** An issued file with its recorded type, when the caller's scope covers the uploading company. */
export async function readIssuedLogo(
  db: Kysely<DB>,
  dataDir: string,
  scope: Scope,
  fileName: string,
): Promise<{ bytes: Buffer; contentType: string }> {
  const upload = await findLogoUpload(db, fileName);
  if (!upload || upload.company_id === null || !coversCompany(scope, upload.company_id))
    throw notFound({ zh: '文件', en: 'file' });
  const bytes = await readUploadedImage(dataDir, 'uploads', fileName);
  if (!bytes) throw notFound({ zh: '文件', en: 'file' });
  return { bytes, contentType: upload.content_type };
}

/** Only URLs this server issued, for an upload of the same company, may become its logo. */
async function checkedImgUrl(db: Kysely<DB>, companyId: number, imgUrl: string): Promise<string> {
  const name = fileNameOfUrl(imgUrl);
  const upload = name ? await findLogoUpload(db, name) : undefined;
  if (!upload || upload.company_id !== companyId) {
    throw invalid('imgUrl', {
      zh: '必须是本公司上传标志后得到的地址',
      en: 'must be a URL returned by log/upload for this company',
    });
  }
  return logoFileUrl(upload.file_name);
}

async function ownCompany(db: Kysely<DB>, scope: Scope, companyId: number): Promise<number> {
  requireCompany(scope);
  if (!coversCompany(scope, companyId) || !(await companyExists(db, companyId)))
    throw notFound({ zh: '公司', en: 'company' });
  return companyId;
}

/** `logImg/insert`: body id is the company; 409 when it already has a logo (use update). */
export async function insertLogo(
  db: Kysely<DB>,
  scope: Scope,
  caller: Caller,
  body: LogoInsertBody,
  now: number = Date.now(),
): Promise<CompanyLogo> {
  const companyId = await ownCompany(db, scope, body.id);
  const imgUrl = await checkedImgUrl(db, companyId, body.imgUrl);
  if (await findCompanyLogo(db, companyId)) {
    throw conflict({
      zh: '该公司已有标志，请修改现有标志',
      en: 'This company already has a logo; change it with log/company/logImg/update',
    });
  }
  await insertCompanyLogo(db, {
    company_id: companyId,
    img_url: imgUrl,
    status: 1,
    create_id: caller.userId,
    create_name: caller.name,
    created_at: now,
    last_update_name: caller.name,
    updated_at: now,
  });
  const row = await findCompanyLogo(db, companyId);
  if (!row) throw notFound({ zh: '标志', en: 'logo' });
  return toLogo(row);
}

/** `logImg/update`: the logo row `id` of company `companyId` gets a new image (and optionally status). */
export async function updateLogo(
  db: Kysely<DB>,
  scope: Scope,
  caller: Caller,
  body: LogoUpdateBody,
  now: number = Date.now(),
): Promise<CompanyLogo> {
  const companyId = await ownCompany(db, scope, body.companyId);
  const existing = await findLogoOfCompany(db, body.id, companyId);
  if (!existing) throw notFound({ zh: '标志', en: 'logo' });
  const imgUrl = await checkedImgUrl(db, companyId, body.imgUrl);
  await updateCompanyLogo(db, existing.id, companyId, {
    img_url: imgUrl,
    status: body.status ?? existing.status,
    last_update_name: caller.name,
    updated_at: now,
  });
  const row = await findLogoOfCompany(db, existing.id, companyId);
  if (!row) throw notFound({ zh: '标志', en: 'logo' });
  return toLogo(row);
}

/** `logImg/query`: the company's logo (default: the caller's company), or null when none is set. */
export async function queryLogo(
  db: Kysely<DB>,
  scope: Scope,
  companyId: number | undefined,
): Promise<CompanyLogo | null> {
  const target = companyId ?? requireCompany(scope);
  if (!coversCompany(scope, target) || !(await companyExists(db, target)))
    throw notFound({ zh: '公司', en: 'company' });
  const row = await findCompanyLogo(db, target);
  return row ? toLogo(row) : null;
}

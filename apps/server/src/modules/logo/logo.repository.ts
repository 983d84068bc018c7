/** The owner of logo_uploads (issued files) and company_logos (one logo per company). */
import type { Insertable, Kysely, Selectable } from 'kysely';

import type { DB } from '../../db/database';
import type { CompanyLogosTable, LogoUploadsTable } from '../../db/tables/settings';

export type LogoUploadRow = Selectable<LogoUploadsTable>;
export type CompanyLogoRow = Selectable<CompanyLogosTable>;

/** Records an issued file. */
export async function insertLogoUpload(db: Kysely<DB>, row: Insertable<LogoUploadsTable>): Promise<void> {
  await db.insertInto('logo_uploads').values(row).execute();
}

/** The issued file `fileName`, if it was issued. */
export async function findLogoUpload(db: Kysely<DB>, fileName: string): Promise<LogoUploadRow | undefined> {
  return db.selectFrom('logo_uploads').selectAll().where('file_name', '=', fileName).executeTakeFirst();
}

/** The company's logo row, if any. */
export async function findCompanyLogo(
  db: Kysely<DB>,
  companyId: number,
): Promise<CompanyLogoRow | undefined> {
  return db.selectFrom('company_logos').selectAll().where('company_id', '=', companyId).executeTakeFirst();
}

/** A logo row by id, only when it belongs to `companyId` (so a foreign id reads as missing). */
export async function findLogoOfCompany(
  db: Kysely<DB>,
  id: number,
  companyId: number,
): Promise<CompanyLogoRow | undefined> {
  return db
    .selectFrom('company_logos')
    .selectAll()
    .where('id', '=', id)
    .where('company_id', '=', companyId)
    .executeTakeFirst();
}

/** Inserts a company's logo row. */
export async function insertCompanyLogo(db: Kysely<DB>, row: Insertable<CompanyLogosTable>): Promise<void> {
  await db.insertInto('company_logos').values(row).execute();
}

/** Changes logo `id` of `companyId` (image, status, who and when). */
export async function updateCompanyLogo(
  db: Kysely<DB>,
  id: number,
  companyId: number,
  change: { img_url: string; status: number; last_update_name: string; updated_at: number },
): Promise<void> {
  await db
    .updateTable('company_logos')
    .set(change)
    .where('id', '=', id)
    .where('company_id', '=', companyId)
    .execute();
}

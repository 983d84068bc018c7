/**
 * Offline reason types (docs/decisions/forecast.md "Offline reasons"): the six built in
 * (OFFLINE_REASON_TYPES, one list for every company) and each company's own, coded `c<id>`. Lists,
 * names in the caller's language, and the company's add/rename/disable.
 */
import {
  type Lang,
  OFFLINE_REASON_TYPES,
  type OfflineReasonType,
  OfflineReasonTypeStatus,
  type SaveOfflineReasonTypeBody,
} from '@storefleet/contracts';

import { type Caller, isRestricted, type Scope } from '../../auth/caller';
import type { AppContext } from '../../context';
import { conflict, forbidden, invalid, notFound } from '../../http/errors';
import {
  findCompanyReasonType,
  insertReasonType,
  listCompanyReasonTypes,
  type OfflineReasonTypeRow,
  updateReasonType,
} from './offline-reasons.repository';

const TYPE = { zh: '离线原因类型', en: 'offline reason type' };

/** The code of a company type. */
export function companyTypeCode(id: number): string {
  return `c${id}`;
}

/** The id inside a company type code, or null for any other text. */
function companyTypeId(code: string): number | null {
  const m = /^c(\d{1,12})$/.exec(code);
  return m ? Number(m[1]) : null;
}

function companyType(row: OfflineReasonTypeRow): OfflineReasonType {
  return {
    code: companyTypeCode(row.id),
    name: row.name,
    nameEn: row.name_en,
    status: row.status,
    builtIn: false,
  };
}

/** Built-in types, then the company's (disabled ones only with `all`). */
export async function listReasonTypes(
  ctx: AppContext,
  companyId: number,
  all: boolean,
): Promise<OfflineReasonType[]> {
  const builtIn = OFFLINE_REASON_TYPES.map((t) => ({
    code: t.code,
    name: t.label.zh,
    nameEn: t.label.en,
    status: OfflineReasonTypeStatus.ENABLED,
    builtIn: true,
  }));
  const own = (await listCompanyReasonTypes(ctx.db, companyId)).map(companyType);
  return [...builtIn, ...own.filter((t) => all || t.status === OfflineReasonTypeStatus.ENABLED)];
}

/** Type code → name in `lang`, every type of the company (disabled ones too: stored records keep names). */
export async function reasonTypeNames(
  ctx: AppContext,
  companyId: number,
  lang: Lang,
): Promise<Map<string, string>> {
  const types = await listReasonTypes(ctx, companyId, true);
  return new Map(types.map((t) => [t.code, lang === 'en' ? t.nameEn : t.name]));
}

/** Adds a company type (no code) or renames / enables / disables one (its code). */
export async function saveReasonType(
  ctx: AppContext,
  caller: Caller,
  scope: Scope,
  companyId: number,
  body: SaveOfflineReasonTypeBody,
): Promise<OfflineReasonType> {
  // The types are company-wide: only a caller who sees the whole company changes them.
  if (isRestricted(scope))
    throw forbidden({
      zh: '只有可查看全公司的用户才能维护离线原因类型',
      en: 'Only users who see the whole company manage offline reason types',
    });
  const nameEn = body.nameEn ?? body.name;
  const existing = await listReasonTypes(ctx, companyId, true);
  const id = body.code === undefined ? null : companyTypeId(body.code);
  if (body.code !== undefined) {
    if (OFFLINE_REASON_TYPES.some((t) => t.code === body.code))
      throw invalid('code', { zh: '内置类型不能修改', en: 'is a built-in type, which cannot be changed' });
    if (id === null || !(await findCompanyReasonType(ctx.db, companyId, id))) throw notFound(TYPE);
  }
  const ownCode = id === null ? null : companyTypeCode(id);
  const clash = existing.find(
    (t) =>
      t.code !== ownCode &&
      [t.name.toLowerCase(), t.nameEn.toLowerCase()].some(
        (n) => n === body.name.toLowerCase() || n === nameEn.toLowerCase(),
      ),
  );
  if (clash)
    throw conflict({
      zh: `已有同名的离线原因类型（${clash.code}）`,
      en: `An offline reason type of that name exists (${clash.code})`,
    });
  const now = Date.now();
  const status = body.status ?? OfflineReasonTypeStatus.ENABLED;
  if (id === null) {
    const newId = await insertReasonType(ctx.db, {
      company_id: companyId,
      name: body.name,
      name_en: nameEn,
      status,
      created_at: now,
      updated_at: now,
      update_by: caller.userName,
    });
    return { code: companyTypeCode(newId), name: body.name, nameEn, status, builtIn: false };
  }
  await updateReasonType(ctx.db, companyId, id, {
    name: body.name,
    name_en: nameEn,
    status,
    updated_at: now,
    update_by: caller.userName,
  });
  return { code: companyTypeCode(id), name: body.name, nameEn, status, builtIn: false };
}

/**
 * Net-test addresses. Platform users manage them (admin application); companies read the ones
 * offered to them. The boxes ping and fetch them, so an address in a class the outbound policy
 * refuses (loopback, private, link-local, metadata …) is refused on save unless OUTBOUND_ALLOW holds it.
 */
import type { NetTestAddress, NetTestAddressSaveBody } from '@storefleet/contracts';

import type { Caller, Scope } from '../../auth/caller';
import type { AppContext } from '../../context';
import { updateStamps } from '../../db/stamps';
import { type FieldMessage, forbidden, invalid, invalidFields, notFound } from '../../http/errors';
import { formatDateTime } from '../../http/time';
import { companyExists } from '../stores/companies.repository';
import {
  deleteNetTestAddress,
  findNetTestAddress,
  insertNetTestAddress,
  listNetTestAddresses,
  type NetTestAddressRow,
  updateNetTestAddress,
} from './net-test-address.repository';

const toAddress = (row: NetTestAddressRow): NetTestAddress => ({
  id: row.id,
  companyId: row.company_id,
  pingUrl: row.ping_url,
  pingUrlName: row.ping_url_name,
  uploadUrl: row.upload_url,
  downloadUrl: row.download_url,
  createBy: row.created_by,
  createTime: formatDateTime(Number(row.created_at)),
  updateBy: row.updated_by,
  updateTime: formatDateTime(Number(row.updated_at)),
});

/**
 * The addresses a caller sees: a company caller those offered to its company (another companyId is
 * 404); a platform user every address, or those offered to the company it names.
 */
export async function listAddresses(
  ctx: AppContext,
  scope: Scope,
  companyId?: number,
): Promise<NetTestAddress[]> {
  if (scope.companyId !== null && companyId !== undefined && companyId !== scope.companyId) {
    throw notFound({ zh: '公司', en: 'company' });
  }
  const target = scope.companyId ?? companyId ?? null;
  return (await listNetTestAddresses(ctx.db, target)).map(toAddress);
}

/** Creates or changes an address (platform users only). */
export async function saveAddress(
  ctx: AppContext,
  caller: Caller,
  scope: Scope,
  body: NetTestAddressSaveBody,
): Promise<NetTestAddress> {
  if (scope.companyId !== null)
    throw forbidden({
      zh: '只有平台用户可以管理测试地址',
      en: 'Only platform users manage net-test addresses',
    });
  const companyId = body.companyId ?? null;
  if (companyId !== null && !(await companyExists(ctx.db, companyId))) {
    throw invalid('companyId', {
      zh: `必须是已存在的公司（${companyId} 不存在）`,
      en: `must be an existing company (${companyId} is not)`,
    });
  }
  refuseBlockedAddresses(ctx, body);
  const now = Date.now();
  const fields = {
    company_id: companyId,
    ping_url: body.pingUrl,
    ping_url_name: body.pingUrlName,
    upload_url: body.uploadUrl ?? null,
    download_url: body.downloadUrl ?? null,
    ...updateStamps(caller.name, now),
  };
  let id: number;
  if (body.id !== undefined) {
    const existing = await findNetTestAddress(ctx.db, body.id);
    if (!existing) throw notFound({ zh: '测试地址', en: 'net-test address' });
    await updateNetTestAddress(ctx.db, existing.id, fields);
    id = existing.id;
  } else {
    id = await insertNetTestAddress(ctx.db, { ...fields, created_by: caller.name, created_at: now });
  }
  const saved = await findNetTestAddress(ctx.db, id);
  if (!saved) throw notFound({ zh: '测试地址', en: 'net-test address' });
  return toAddress(saved);
}

/**
 * The outbound policy's address classes for what the boxes will reach: the ping host and the upload
 * and download URLs, when written as an address (or localhost). A host name passes: the box resolves
 * it in its store's network, where the server's DNS answer says nothing.
 */
function refuseBlockedAddresses(ctx: AppContext, body: NetTestAddressSaveBody): void {
  const problems: FieldMessage[] = [];
  const ping = ctx.outbound.refusalOfLiteral(body.pingUrl);
  if (ping) problems.push({ field: 'pingUrl', message: ping });
  for (const field of ['uploadUrl', 'downloadUrl'] as const) {
    const url = body[field];
    if (!url) continue;
    let host: string;
    try {
      host = new URL(url).hostname;
    } catch {
      problems.push({ field, message: { zh: '不是有效的 URL', en: 'is not a valid URL' } });
      continue;
    }
    const refusal = ctx.outbound.refusalOfLiteral(host);
    if (refusal) problems.push({ field, message: refusal });
  }
  if (problems.length > 0) throw invalidFields(problems);
}

/** Deletes an address (platform users only). */
export async function deleteAddress(ctx: AppContext, scope: Scope, id: number): Promise<void> {
  if (scope.companyId !== null)
    throw forbidden({
      zh: '只有平台用户可以管理测试地址',
      en: 'Only platform users manage net-test addresses',
    });
  const existing = await findNetTestAddress(ctx.db, id);
  if (!existing) throw notFound({ zh: '测试地址', en: 'net-test address' });
  await deleteNetTestAddress(ctx.db, existing.id);
}

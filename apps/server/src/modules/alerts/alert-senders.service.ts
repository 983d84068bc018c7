/**
 * Alert recipients (spec §7 `alertSend/*`): a company's list, add, update and delete. A recipient is a
 * user of the caller's company or an outside contact; it covers stores and whole levels (region,
 * province, city). A restricted caller (a common user) sees and writes only recipients whose every
 * store and level lies inside its scope; another company's recipient answers 404 like a missing one.
 */
import {
  type AlertSender,
  type AlertSenderAccount,
  type AlertSenderBody,
  type AlertSenderUpdateBody,
  type PagedResult,
  type QuerySenderQuery,
  recipientLanguage,
  SendType,
  toPagedResult,
  UserStatus,
  UserType,
} from '@storefleet/contracts';

import { type Caller, isRestricted, requireCompany, type Scope } from '../../auth/caller';
import type { AppContext } from '../../context';
import { conflict, type FieldMessage, invalidFields, notFound } from '../../http/errors';
import { formatDateTime } from '../../http/time';
import { findCompanyLevels, listCompanyLevels } from '../levels/levels.repository';
import { findStoreIdsInScope } from '../stores/stores.repository';
import { findUser, listAllUsers, type UserAudience } from '../users/users.repository';
import { levelsReached } from './alert-sender-scope';
import {
  type AlertSenderWithCoverage,
  type AlertSenderWrite,
  deleteAlertSender,
  findAlertSender,
  findAlertSenderOfAccount,
  insertAlertSender,
  listAlertSenders,
  sendTypesFromBits,
  updateAlertSender,
} from './alert-senders.repository';

const RECIPIENT = { zh: '告警接收人', en: 'alert recipient' };

/** The users who may be recipients: the company's customer admins and common users. */
function companyAccounts(companyId: number): UserAudience {
  return { companyId, userTypes: [UserType.CUSTOMER_ADMIN_USER, UserType.CUSTOMER_COMMON_USER] };
}

/** The company's active users, for the recipient form's user picker (with their email and phone). */
export async function listSenderAccounts(ctx: AppContext, scope: Scope): Promise<AlertSenderAccount[]> {
  const companyId = requireCompany(scope);
  const users = await listAllUsers(ctx.db, companyAccounts(companyId), { status: UserStatus.ACTIVE });
  return users.map((u) => ({
    id: u.id,
    accountName: u.account_name,
    name: u.name,
    email: u.email,
    cellphone: u.cellphone,
  }));
}

/** The level ids a restricted scope reaches (granted levels and all below); empty for a whole-company scope. */
async function scopeLevels(ctx: AppContext, companyId: number, scope: Scope): Promise<number[]> {
  if (!isRestricted(scope) || (scope.levelIds ?? []).length === 0) return [];
  return levelsReached(await listCompanyLevels(ctx.db, companyId), scope.levelIds ?? []);
}

/** One page of the caller's company's recipients inside its scope. */
export async function listSenders(
  ctx: AppContext,
  scope: Scope,
  query: QuerySenderQuery,
): Promise<PagedResult<AlertSender>> {
  const companyId = requireCompany(scope);
  const levels = await scopeLevels(ctx, companyId, scope);
  const { rows, total } = await listAlertSenders(ctx.db, companyId, scope, levels, query, query);
  return toPagedResult(rows.map(toAlertSender), total, query, 'id desc');
}

/** Adds a recipient to the caller's company. */
export async function createSender(
  ctx: AppContext,
  caller: Caller,
  scope: Scope,
  body: AlertSenderBody,
): Promise<AlertSender> {
  const companyId = requireCompany(scope);
  const levels = await scopeLevels(ctx, companyId, scope);
  const write = await checkSender(ctx, companyId, scope, levels, body, null);
  const id = await ctx.db
    .transaction()
    .execute((trx) => insertAlertSender(trx, companyId, write, caller.userName, Date.now()));
  return reread(ctx, companyId, scope, levels, id);
}

/** Replaces a recipient of the caller's company (one it sees). */
export async function changeSender(
  ctx: AppContext,
  caller: Caller,
  scope: Scope,
  body: AlertSenderUpdateBody,
): Promise<AlertSender> {
  const companyId = requireCompany(scope);
  const levels = await scopeLevels(ctx, companyId, scope);
  if (!(await findAlertSender(ctx.db, companyId, scope, levels, body.id))) throw notFound(RECIPIENT);
  const write = await checkSender(ctx, companyId, scope, levels, body, body.id);
  await ctx.db
    .transaction()
    .execute((trx) => updateAlertSender(trx, companyId, body.id, write, caller.userName, Date.now()));
  return reread(ctx, companyId, scope, levels, body.id);
}

/** Deletes a recipient of the caller's company (one it sees). */
export async function removeSender(ctx: AppContext, scope: Scope, id: number): Promise<void> {
  const companyId = requireCompany(scope);
  const levels = await scopeLevels(ctx, companyId, scope);
  if (!(await findAlertSender(ctx.db, companyId, scope, levels, id))) throw notFound(RECIPIENT);
  await ctx.db.transaction().execute((trx) => deleteAlertSender(trx, companyId, id));
}

async function reread(
  ctx: AppContext,
  companyId: number,
  scope: Scope,
  levels: number[],
  id: number,
): Promise<AlertSender> {
  const row = await findAlertSender(ctx.db, companyId, scope, levels, id);
  if (!row) throw notFound(RECIPIENT);
  return toAlertSender(row);
}

/**
 * The rules a body must meet beyond its schema, all reported at once (400 naming each field): the
 * user is one of the company's, an outside contact has a name, each send type has its address, the
 * stores and levels are the company's and inside the caller's scope, and at least one is given.
 */
async function checkSender(
  ctx: AppContext,
  companyId: number,
  scope: Scope,
  scopeLevelIds: number[],
  body: AlertSenderBody,
  selfId: number | null,
): Promise<AlertSenderWrite> {
  const problems: FieldMessage[] = [];
  let userEmail: string | null = null;
  let userPhone: string | null = null;
  if (body.accountId !== null) {
    const user = await findUser(ctx.db, companyAccounts(companyId), body.accountId);
    if (!user) {
      problems.push({
        field: 'accountId',
        message: { zh: '不是本公司的用户', en: 'is not a user of your company' },
      });
    } else {
      userEmail = user.email;
      userPhone = user.cellphone;
      const taken = await findAlertSenderOfAccount(ctx.db, companyId, body.accountId);
      if (taken !== undefined && taken !== selfId)
        throw conflict({
          zh: `该用户已是告警接收人（编号 ${taken}），请修改那一条`,
          en: `This user is already an alert recipient (id ${taken}); edit that one`,
        });
    }
  } else if (body.name === null) {
    problems.push({
      field: 'name',
      message: {
        zh: '外部联系人（未选择用户）必须填写姓名',
        en: 'is required for an outside contact (no accountId)',
      },
    });
  }
  const email = body.email ?? userEmail;
  const phone = body.phone ?? userPhone;
  if (body.sendType.includes(SendType.EMAIL) && !email)
    problems.push({
      field: 'email',
      message: { zh: '选择邮件通知时必须填写', en: 'is required to send by email' },
    });
  if (!phone) {
    const needs = body.sendType.filter((t) => t === SendType.SMS || t === SendType.PHONE_CALL);
    if (needs.length > 0)
      problems.push({
        field: 'phone',
        message: { zh: '选择短信或电话通知时必须填写', en: 'is required to send by SMS or phone call' },
      });
  }
  if (body.shopId.length + body.areaCodes.length === 0)
    problems.push({
      field: 'shopId',
      message: { zh: '至少选择一个门店或区域', en: 'must name at least one store or region' },
    });
  const stores = await findStoreIdsInScope(ctx.db, { ...scope, companyId }, body.shopId);
  const strayStores = body.shopId.filter((id) => !stores.includes(id));
  if (strayStores.length > 0)
    problems.push({
      field: 'shopId',
      message: {
        zh: `包含不存在或不在您数据范围内的门店：${strayStores.slice(0, 5).join(', ')}`,
        en: `holds stores that do not exist or lie outside your data scope: ${strayStores.slice(0, 5).join(', ')}`,
      },
    });
  const levels = (await findCompanyLevels(ctx.db, companyId, body.areaCodes)).map((l) => l.id);
  const reachable = isRestricted(scope) ? new Set(scopeLevelIds) : null;
  const strayLevels = body.areaCodes.filter(
    (id) => !levels.includes(id) || (reachable && !reachable.has(id)),
  );
  if (strayLevels.length > 0)
    problems.push({
      field: 'areaCodes',
      message: {
        zh: `包含不存在或不在您数据范围内的区域：${strayLevels.slice(0, 5).join(', ')}`,
        en: `holds regions that do not exist or lie outside your data scope: ${strayLevels.slice(0, 5).join(', ')}`,
      },
    });
  if (problems.length > 0) throw invalidFields(problems);
  return {
    accountId: body.accountId,
    name: body.accountId === null ? body.name : null,
    email: body.email,
    phone: body.phone,
    sendTypes: body.sendType,
    minLevel: body.minLevel ?? 1,
    language: body.language,
    storeIds: body.shopId,
    levelIds: body.areaCodes,
  };
}

/** The reply shape of a stored recipient. */
export function toAlertSender(row: AlertSenderWithCoverage): AlertSender {
  return {
    id: row.id,
    companyId: row.company_id,
    accountId: row.account_id,
    accountName: row.account_name,
    name: row.name ?? row.user_name ?? row.account_name ?? '',
    email: row.email,
    phone: row.phone,
    userEmail: row.account_id === null ? null : row.user_email,
    userPhone: row.account_id === null ? null : row.user_phone,
    sendType: sendTypesFromBits(row.send_types),
    minLevel: row.min_level,
    language: recipientLanguage(row.language),
    shopId: row.stores.map((s) => String(s.id)),
    shops: row.stores.map((s) => ({ shopId: String(s.id), shopName: s.name })),
    areaCodes: row.levels.map((l) => String(l.id)),
    areas: row.levels.map((l) => ({ areaCode: String(l.id), areaName: l.name })),
    createBy: row.create_by,
    createTime: formatDateTime(Number(row.created_at)),
    updateBy: row.update_by,
    updateTime: formatDateTime(Number(row.updated_at)),
  };
}

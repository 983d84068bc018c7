/**
 * The alert_senders table and its coverage links (alert_sender_stores, alert_sender_regions): a
 * company's alert recipients. Every read names the owning company; a restricted caller's reads add
 * `senderInScope` (every store and level it covers is inside the caller's scope).
 */
import { type RecipientLanguage, recipientLanguage, SendType, UserStatus } from '@storefleet/contracts';
import { type Expression, type ExpressionBuilder, type Selectable, type SqlBool, sql } from 'kysely';

import { isRestricted, type Scope } from '../../auth/caller';
import type { DB } from '../../db/database';
import { pageWindow } from '../../db/paging';
import { storeInScope } from '../../db/scope';
import type { AlertSendersTable } from '../../db/tables/alert-senders';
import { containsText } from '../../db/text';
import type { Trx } from '../../db/trx';

/** Send type numbers (0 SMS, 1 email, 2 phone call) ↔ the `send_types` bit set. */
export function sendTypesToBits(types: readonly number[]): number {
  return types.reduce((bits, t) => bits | (1 << t), 0);
}
export function sendTypesFromBits(bits: number): number[] {
  return SendType.values.filter((t) => (bits & (1 << t)) !== 0);
}

export interface AlertRecipient {
  senderId: number;
  name: string;
  email: string | null;
  phone: string | null;
  /** 0 SMS, 1 email, 2 phone call */
  sendTypes: number[];
  /**
   * The language its messages are worded in: the recipient's own setting (accounts store no console
   * language: the console's language lives in the browser and reaches the server per request).
   */
  language: RecipientLanguage;
}

/**
 * Recipients of a company who cover this store (directly or by its region, province or city) and want
 * this level (severity >= their lowest level). A recipient who is a user takes the user's email and
 * cellphone where its own are empty, and is left out while the user is not ACTIVE.
 */
export async function listRecipientsFor(
  db: Trx,
  q: { companyId: number; shopId: number; severity: number },
): Promise<AlertRecipient[]> {
  const rows = await db
    .selectFrom('alert_senders as s')
    .leftJoin('users as u', 'u.id', 's.account_id')
    .select([
      's.id',
      's.name',
      's.email',
      's.phone',
      's.send_types',
      's.language',
      'u.name as user_name',
      'u.account_name',
      'u.email as user_email',
      'u.cellphone as user_phone',
    ])
    .where('s.company_id', '=', q.companyId)
    .where('s.min_level', '<=', q.severity)
    .where((eb) => eb.or([eb('s.account_id', 'is', null), eb('u.status', '=', UserStatus.ACTIVE)]))
    .where((eb) => coversStore(eb, q.shopId))
    .orderBy('s.id')
    .execute();
  return rows.map((r) => ({
    senderId: r.id,
    name: r.name ?? r.user_name ?? r.account_name ?? '',
    email: r.email ?? r.user_email ?? null,
    phone: r.phone ?? r.user_phone ?? null,
    sendTypes: sendTypesFromBits(r.send_types),
    language: recipientLanguage(r.language),
  }));
}

export type AlertSenderRow = Selectable<AlertSendersTable> & {
  user_name: string | null;
  account_name: string | null;
  user_email: string | null;
  user_phone: string | null;
};

/** A sender with the stores and levels it covers (ids and names). */
export interface AlertSenderWithCoverage extends AlertSenderRow {
  stores: { id: number; name: string }[];
  levels: { id: number; name: string }[];
}

export interface AlertSenderFilter {
  id?: number | undefined;
  accountId?: number | undefined;
  email?: string | undefined;
  phone?: string | undefined;
  name?: string | undefined;
  sendType?: number | undefined;
  /** Senders covering this store, directly or by one of its levels. */
  shopId?: number | undefined;
}

type SenderEb = ExpressionBuilder<DB & { s: AlertSendersTable }, 's'>;

/**
 * "Every store and level this sender covers is inside the scope". `scopeLevelIds` are the level ids
 * the scope reaches (its granted levels and everything below them); a store-only scope reaches none,
 * so it does not see a sender covering a whole region (which takes in stores it does not see).
 */
function senderInScope(eb: SenderEb, scope: Scope, scopeLevelIds: readonly number[]): Expression<SqlBool> {
  if (!isRestricted(scope)) return sql<SqlBool>`1 = 1`;
  const storeOutside = eb
    .selectFrom('alert_sender_stores as ss')
    .innerJoin('stores', 'stores.id', 'ss.shop_id')
    .select('ss.shop_id')
    .whereRef('ss.sender_id', '=', 's.id')
    .where((e) => e.not(storeInScope(e, scope)));
  let levelOutside = eb
    .selectFrom('alert_sender_regions as sr')
    .select('sr.level_id')
    .whereRef('sr.sender_id', '=', 's.id');
  if (scopeLevelIds.length > 0)
    levelOutside = levelOutside.where('sr.level_id', 'not in', [...scopeLevelIds]);
  return eb.and([eb.not(eb.exists(storeOutside)), eb.not(eb.exists(levelOutside))]);
}

/** "This sender covers store `shopId`", directly or by its region, province or city. */
function coversStore(eb: SenderEb, shopId: number): Expression<SqlBool> {
  return eb.or([
    eb.exists(
      eb
        .selectFrom('alert_sender_stores as ss')
        .select('ss.shop_id')
        .whereRef('ss.sender_id', '=', 's.id')
        .where('ss.shop_id', '=', shopId),
    ),
    eb.exists(
      eb
        .selectFrom('alert_sender_regions as sr')
        .innerJoin('stores as st', (join) =>
          join.on((j) =>
            j.or([
              j('st.area_level', '=', j.ref('sr.level_id')),
              j('st.province_level', '=', j.ref('sr.level_id')),
              j('st.city_level', '=', j.ref('sr.level_id')),
            ]),
          ),
        )
        .select('sr.level_id')
        .whereRef('sr.sender_id', '=', 's.id')
        .where('st.id', '=', shopId),
    ),
  ]);
}

function sendersOf(db: Trx, companyId: number) {
  return db
    .selectFrom('alert_senders as s')
    .leftJoin('users as u', 'u.id', 's.account_id')
    .where('s.company_id', '=', companyId);
}

const SENDER_COLUMNS = [
  's.id',
  's.company_id',
  's.account_id',
  's.name',
  's.email',
  's.phone',
  's.send_types',
  's.min_level',
  's.language',
  's.created_at',
  's.updated_at',
  's.create_by',
  's.update_by',
  'u.name as user_name',
  'u.account_name',
  'u.email as user_email',
  'u.cellphone as user_phone',
] as const;

/** One page of company `companyId`'s senders inside the scope matching `filter`, newest first. */
export async function listAlertSenders(
  db: Trx,
  companyId: number,
  scope: Scope,
  scopeLevelIds: readonly number[],
  filter: AlertSenderFilter,
  page: { pageNum: number; pageSize: number },
): Promise<{ rows: AlertSenderWithCoverage[]; total: number }> {
  let query = sendersOf(db, companyId).where((eb) => senderInScope(eb, scope, scopeLevelIds));
  if (filter.id !== undefined) query = query.where('s.id', '=', filter.id);
  if (filter.accountId !== undefined) query = query.where('s.account_id', '=', filter.accountId);
  if (filter.email)
    query = query.where((eb) =>
      eb.or([containsText('s.email', filter.email ?? ''), containsText('u.email', filter.email ?? '')]),
    );
  if (filter.phone)
    query = query.where((eb) =>
      eb.or([containsText('s.phone', filter.phone ?? ''), containsText('u.cellphone', filter.phone ?? '')]),
    );
  if (filter.name)
    query = query.where((eb) =>
      eb.or([containsText('s.name', filter.name ?? ''), containsText('u.name', filter.name ?? '')]),
    );
  if (filter.sendType !== undefined)
    query = query.where(sql<SqlBool>`(${sql.ref('s.send_types')} & ${1 << filter.sendType}) <> 0`);
  const shopId = filter.shopId;
  if (shopId !== undefined) query = query.where((eb) => coversStore(eb, shopId));
  const window = pageWindow(page);
  const [rows, total] = await Promise.all([
    query.select(SENDER_COLUMNS).orderBy('s.id', 'desc').limit(window.limit).offset(window.offset).execute(),
    query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows: await withCoverage(db, rows), total: Number(total.total) };
}

/** Sender `id` of company `companyId` if the scope sees it. */
export async function findAlertSender(
  db: Trx,
  companyId: number,
  scope: Scope,
  scopeLevelIds: readonly number[],
  id: number,
): Promise<AlertSenderWithCoverage | undefined> {
  const row = await sendersOf(db, companyId)
    .where('s.id', '=', id)
    .where((eb) => senderInScope(eb, scope, scopeLevelIds))
    .select(SENDER_COLUMNS)
    .executeTakeFirst();
  if (!row) return undefined;
  const [withLinks] = await withCoverage(db, [row]);
  return withLinks;
}

async function withCoverage(db: Trx, rows: AlertSenderRow[]): Promise<AlertSenderWithCoverage[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [stores, levels] = await Promise.all([
    db
      .selectFrom('alert_sender_stores as ss')
      .innerJoin('stores', 'stores.id', 'ss.shop_id')
      .select(['ss.sender_id', 'stores.id', 'stores.store_name as name'])
      .where('ss.sender_id', 'in', ids)
      .orderBy('stores.id')
      .execute(),
    db
      .selectFrom('alert_sender_regions as sr')
      .innerJoin('level_configs', 'level_configs.id', 'sr.level_id')
      .select(['sr.sender_id', 'level_configs.id', 'level_configs.name'])
      .where('sr.sender_id', 'in', ids)
      .orderBy('level_configs.id')
      .execute(),
  ]);
  return rows.map((r) => ({
    ...r,
    stores: stores.filter((s) => s.sender_id === r.id).map(({ id, name }) => ({ id, name })),
    levels: levels.filter((l) => l.sender_id === r.id).map(({ id, name }) => ({ id, name })),
  }));
}

export interface AlertSenderWrite {
  accountId: number | null;
  name: string | null;
  email: string | null;
  phone: string | null;
  sendTypes: number[];
  minLevel: number;
  language: RecipientLanguage;
  storeIds: number[];
  levelIds: number[];
}

async function writeCoverage(
  db: Trx,
  companyId: number,
  senderId: number,
  write: AlertSenderWrite,
): Promise<void> {
  await db.deleteFrom('alert_sender_stores').where('sender_id', '=', senderId).execute();
  await db.deleteFrom('alert_sender_regions').where('sender_id', '=', senderId).execute();
  if (write.storeIds.length > 0)
    await db
      .insertInto('alert_sender_stores')
      .values(write.storeIds.map((shop_id) => ({ sender_id: senderId, shop_id })))
      .execute();
  if (write.levelIds.length > 0)
    await db
      .insertInto('alert_sender_regions')
      .values(write.levelIds.map((level_id) => ({ sender_id: senderId, level_id, company_id: companyId })))
      .execute();
}

/** The columns of a sender that a write sets. */
function senderColumns(write: AlertSenderWrite) {
  return {
    account_id: write.accountId,
    name: write.name,
    email: write.email,
    phone: write.phone,
    send_types: sendTypesToBits(write.sendTypes),
    min_level: write.minLevel,
    language: write.language,
  };
}

/** Inserts a sender of company `companyId` with its coverage (call inside a transaction); its id. */
export async function insertAlertSender(
  db: Trx,
  companyId: number,
  write: AlertSenderWrite,
  by: string,
  now: number,
): Promise<number> {
  const { id } = await db
    .insertInto('alert_senders')
    .values({
      company_id: companyId,
      ...senderColumns(write),
      created_at: now,
      updated_at: now,
      create_by: by,
      update_by: by,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await writeCoverage(db, companyId, id, write);
  return id;
}

/** Replaces sender `id` of company `companyId` and its coverage (call inside a transaction). */
export async function updateAlertSender(
  db: Trx,
  companyId: number,
  id: number,
  write: AlertSenderWrite,
  by: string,
  now: number,
): Promise<void> {
  await db
    .updateTable('alert_senders')
    .set({
      ...senderColumns(write),
      updated_at: now,
      update_by: by,
    })
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .execute();
  await writeCoverage(db, companyId, id, write);
}

/** The id of company `companyId`'s sender that is user `accountId`, if there is one. */
export async function findAlertSenderOfAccount(
  db: Trx,
  companyId: number,
  accountId: number,
): Promise<number | undefined> {
  const row = await db
    .selectFrom('alert_senders')
    .select('id')
    .where('company_id', '=', companyId)
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  return row?.id;
}

/** Deletes sender `id` of company `companyId` (its coverage goes with it). */
export async function deleteAlertSender(db: Trx, companyId: number, id: number): Promise<void> {
  await db.deleteFrom('alert_sender_stores').where('sender_id', '=', id).execute();
  await db.deleteFrom('alert_sender_regions').where('sender_id', '=', id).execute();
  await db.deleteFrom('alert_senders').where('company_id', '=', companyId).where('id', '=', id).execute();
}

/**
 * SQL of the notifier: the alert records still to be handled (the outbox columns of alert_records),
 * the facts a message names, and the alert_deliveries queue (insert once, claim, settle, summarise).
 * The notifier owns the outbox columns and alert_deliveries; every function takes the caller's
 * transaction or handle.
 */
import { AlertRecordStatus } from '@storefleet/contracts';
import type { Insertable, Kysely, Selectable, Transaction } from 'kysely';

import type { DB } from '../../db/database';
import type { AlertDeliveriesTable } from '../../db/tables/alert-deliveries';

type Db = Kysely<DB> | Transaction<DB>;

export type DeliveryRow = Selectable<AlertDeliveriesTable>;
export type NewDelivery = Insertable<AlertDeliveriesTable>;

/** What the notifier reads of a record to decide and to word a message. */
export interface RecordFacts {
  id: number;
  companyId: number;
  shopId: number;
  severity: number;
  name: string;
  item: string;
  value: number;
  status: number;
  alertTime: number;
  recoveryTime: number | null;
  closedBy: string | null;
  acknowledgedAt: number | null;
  suppressedBy: number | null;
  lastNotifiedAt: number | null;
  notifiedRepeats: number;
  deviceName: string;
  shopName: string;
}

function factsQuery(db: Db) {
  return db
    .selectFrom('alert_records as r')
    .leftJoin('devices as d', 'd.id', 'r.device_id')
    .leftJoin('stores as s', 's.id', 'r.shop_id')
    .select([
      'r.id',
      'r.company_id',
      'r.shop_id',
      'r.severity',
      'r.name',
      'r.item',
      'r.value',
      'r.status',
      'r.alert_time',
      'r.recovery_time',
      'r.closed_by',
      'r.acknowledged_at',
      'r.suppressed_by',
      'r.last_notified_at',
      'r.notified_repeats',
      'd.device_name',
      's.store_name',
    ]);
}

type FactsRow = Awaited<ReturnType<ReturnType<typeof factsQuery>['execute']>>[number];

function toFacts(row: FactsRow): RecordFacts {
  return {
    id: row.id,
    companyId: row.company_id,
    shopId: row.shop_id,
    severity: row.severity,
    name: row.name,
    item: row.item,
    value: Number(row.value),
    status: row.status,
    alertTime: Number(row.alert_time),
    recoveryTime: row.recovery_time === null ? null : Number(row.recovery_time),
    closedBy: row.closed_by,
    acknowledgedAt: row.acknowledged_at === null ? null : Number(row.acknowledged_at),
    suppressedBy: row.suppressed_by,
    lastNotifiedAt: row.last_notified_at === null ? null : Number(row.last_notified_at),
    notifiedRepeats: row.notified_repeats,
    deviceName: row.device_name ?? `#${row.id}`,
    shopName: row.store_name ?? '',
  };
}

/** Records whose opening is not handled yet (oldest first); suppressed open ones wait. */
export async function listUnhandledOpenings(db: Db, limit: number): Promise<RecordFacts[]> {
  const rows = await factsQuery(db)
    .where('r.open_notified_at', 'is', null)
    .where((eb) =>
      eb.or([eb('r.suppressed_by', 'is', null), eb('r.status', '=', AlertRecordStatus.RECOVERED)]),
    )
    .orderBy('r.id')
    .limit(limit)
    .execute();
  return rows.map(toFacts);
}

/** Ended records whose opening was handled and whose recovery is not yet (oldest first). */
export async function listUnhandledRecoveries(db: Db, limit: number): Promise<RecordFacts[]> {
  const rows = await factsQuery(db)
    .where('r.status', '=', AlertRecordStatus.RECOVERED)
    .where('r.recovery_notified_at', 'is', null)
    .where('r.open_notified_at', 'is not', null)
    .orderBy('r.id')
    .limit(limit)
    .execute();
  return rows.map(toFacts);
}

/** Open, unacknowledged, unsuppressed records last notified at or before `before` (repeat candidates). */
export async function listRepeatCandidates(db: Db, before: number, limit: number): Promise<RecordFacts[]> {
  const rows = await factsQuery(db)
    .where('r.status', '=', AlertRecordStatus.UNRESOLVED)
    .where('r.open_notified_at', 'is not', null)
    .where('r.acknowledged_at', 'is', null)
    .where('r.suppressed_by', 'is', null)
    .where('r.last_notified_at', '<=', before)
    .orderBy('r.last_notified_at')
    .limit(limit)
    .execute();
  return rows.map(toFacts);
}

/** Marks a record's opening handled (and, for a record that ended unseen, its recovery too). */
export async function markOpeningHandled(
  db: Db,
  recordId: number,
  now: number,
  alsoRecovery: boolean,
): Promise<void> {
  await db
    .updateTable('alert_records')
    .set({
      open_notified_at: now,
      last_notified_at: now,
      ...(alsoRecovery ? { recovery_notified_at: now } : {}),
    })
    .where('id', '=', recordId)
    .where('open_notified_at', 'is', null)
    .execute();
}

export async function markRecoveryHandled(db: Db, recordId: number, now: number): Promise<void> {
  await db
    .updateTable('alert_records')
    .set({ recovery_notified_at: now })
    .where('id', '=', recordId)
    .where('recovery_notified_at', 'is', null)
    .execute();
}

/** Records repeat notice number `repeatNo` of a record at `now` (only once: the number must be the next). */
export async function markRepeatHandled(
  db: Db,
  recordId: number,
  repeatNo: number,
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable('alert_records')
    .set({ last_notified_at: now, notified_repeats: repeatNo })
    .where('id', '=', recordId)
    .where('notified_repeats', '=', repeatNo - 1)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The (recipient, channel, address) told about a record's opening or a repeat (not muted). */
export async function listToldAbout(
  db: Db,
  recordId: number,
): Promise<Array<{ sender_id: number; channel: number; address: string; language: string | null }>> {
  return db
    .selectFrom('alert_deliveries')
    .select(['sender_id', 'channel', 'address', 'language'])
    .distinct()
    .where('record_id', '=', recordId)
    .where('kind', 'in', ['open', 'repeat'])
    .where('status', '!=', 'muted')
    .execute();
}

/**
 * Messages let through (not held, muted or refused) since `since`: one recipient's on one channel.
 * Summaries count like any message (a cap bounds everything sent in its hour).
 */
export async function countRecipientSince(
  db: Db,
  senderId: number,
  channel: number,
  since: number,
): Promise<number> {
  const row = await db
    .selectFrom('alert_deliveries')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('sender_id', '=', senderId)
    .where('channel', '=', channel)
    .where('created_at', '>=', since)
    .where('reason', 'is', null)
    .where('status', 'in', ['queued', 'sending', 'sent', 'failed'])
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Messages the company let through since `since`, on every channel, summaries included. */
export async function countCompanySince(db: Db, companyId: number, since: number): Promise<number> {
  const row = await db
    .selectFrom('alert_deliveries')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('company_id', '=', companyId)
    .where('created_at', '>=', since)
    .where('reason', 'is', null)
    .where('status', 'in', ['queued', 'sending', 'sent', 'failed'])
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Inserts deliveries; one whose dedupe key exists already is skipped. Returns the inserted ids. */
export async function insertDeliveries(db: Db, rows: readonly NewDelivery[]): Promise<number[]> {
  if (rows.length === 0) return [];
  const inserted = await db
    .insertInto('alert_deliveries')
    .values([...rows])
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .returning('id')
    .execute();
  return inserted.map((r) => r.id);
}

/**
 * Claims up to `limit` deliveries due at `now` — queued ones whose time has come and `sending` ones
 * whose lease ran out (their sender stopped mid-send) — as `sending` until `leaseUntil`, one attempt
 * more each. A row another run claimed first is not returned.
 */
export async function claimDueDeliveries(
  db: Kysely<DB>,
  now: number,
  leaseUntil: number,
  limit: number,
): Promise<DeliveryRow[]> {
  const candidates = await db
    .selectFrom('alert_deliveries')
    .select('id')
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', 'queued'), eb('next_attempt_at', '<=', now)]),
        eb.and([eb('status', '=', 'sending'), eb('lease_until', '<', now)]),
      ]),
    )
    .orderBy('id')
    .limit(limit)
    .execute();
  const claimed: DeliveryRow[] = [];
  for (const { id } of candidates) {
    const row = await db
      .updateTable('alert_deliveries')
      .set((eb) => ({ status: 'sending', lease_until: leaseUntil, attempts: eb('attempts', '+', 1) }))
      .where('id', '=', id)
      .where((eb) =>
        eb.or([
          eb.and([eb('status', '=', 'queued'), eb('next_attempt_at', '<=', now)]),
          eb.and([eb('status', '=', 'sending'), eb('lease_until', '<', now)]),
        ]),
      )
      .returningAll()
      .executeTakeFirst();
    if (row) claimed.push(row);
  }
  return claimed;
}

/** Settles a claimed delivery: sent, retried later, or failed for good. */
export async function settleDelivery(
  db: Db,
  id: number,
  outcome:
    | { status: 'sent'; at: number }
    | { status: 'queued'; nextAttemptAt: number; error: string }
    | { status: 'failed'; error: string },
): Promise<void> {
  const set =
    outcome.status === 'sent'
      ? { status: 'sent', sent_at: outcome.at, lease_until: null, last_error: null }
      : outcome.status === 'queued'
        ? {
            status: 'queued',
            next_attempt_at: outcome.nextAttemptAt,
            lease_until: null,
            last_error: outcome.error,
          }
        : { status: 'failed', lease_until: null, last_error: outcome.error };
  await db
    .updateTable('alert_deliveries')
    .set(set)
    .where('id', '=', id)
    .where('status', '=', 'sending')
    .execute();
}

/** One recipient's held messages on one channel and address: what one summary reports. */
export interface HeldGroup {
  companyId: number;
  senderId: number;
  channel: number;
  address: string;
  /** The oldest held delivery of the group (its language words the summary). */
  firstId: number;
}

/**
 * Groups of held deliveries created before `before` that no summary reported yet, oldest first
 * (by their first held id), after `afterFirstId` (keyset paging), at most `limit`.
 */
export async function listHeldGroups(
  db: Db,
  before: number,
  afterFirstId: number,
  limit: number,
): Promise<HeldGroup[]> {
  const rows = await db
    .selectFrom('alert_deliveries')
    .select((eb) => ['company_id', 'sender_id', 'channel', 'address', eb.fn.min<number>('id').as('first_id')])
    .where('status', '=', 'held')
    .where('summary_id', 'is', null)
    .where('created_at', '<', before)
    .groupBy(['company_id', 'sender_id', 'channel', 'address'])
    .having((eb) => eb.fn.min('id'), '>', afterFirstId)
    .orderBy('first_id')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    companyId: r.company_id,
    senderId: r.sender_id,
    channel: r.channel,
    address: r.address,
    firstId: Number(r.first_id),
  }));
}

/** The language of delivery `id` (null: an older row, Chinese). */
export async function deliveryLanguage(db: Db, id: number): Promise<string | null> {
  const row = await db
    .selectFrom('alert_deliveries')
    .select('language')
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.language ?? null;
}

/** Points every held delivery of `group` created before `before` and not yet reported at the summary. */
export async function attachHeldToSummary(
  db: Db,
  group: HeldGroup,
  before: number,
  summaryId: number,
): Promise<number> {
  const result = await db
    .updateTable('alert_deliveries')
    .set({ summary_id: summaryId })
    .where('sender_id', '=', group.senderId)
    .where('channel', '=', group.channel)
    .where('address', '=', group.address)
    .where('status', '=', 'held')
    .where('summary_id', 'is', null)
    .where('created_at', '<', before)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** The id of the delivery with `dedupeKey`. */
export async function deliveryIdByKey(db: Db, dedupeKey: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('alert_deliveries')
    .select('id')
    .where('dedupe_key', '=', dedupeKey)
    .executeTakeFirst();
  return row?.id;
}

/** Facts of the records `ids` (for summaries and for messages of claimed deliveries). */
export async function listRecordFacts(db: Db, ids: readonly number[]): Promise<RecordFacts[]> {
  if (ids.length === 0) return [];
  const rows = await factsQuery(db)
    .where('r.id', 'in', [...ids])
    .execute();
  return rows.map(toFacts);
}

/** A record's deliveries with the recipient's name, oldest first (the record's delivery log). */
export async function listDeliveriesOfRecord(
  db: Db,
  recordId: number,
): Promise<Array<DeliveryRow & { sender_name: string | null }>> {
  const direct = await db
    .selectFrom('alert_deliveries as d')
    .leftJoin('alert_senders as s', 's.id', 'd.sender_id')
    .leftJoin('users as u', 'u.id', 's.account_id')
    .selectAll('d')
    .select((eb) => eb.fn.coalesce('s.name', 'u.name').as('sender_name'))
    .where((eb) =>
      eb.or([
        eb('d.record_id', '=', recordId),
        // The summary that reported a held delivery of this record.
        eb(
          'd.id',
          'in',
          eb
            .selectFrom('alert_deliveries as h')
            .select('h.summary_id')
            .where('h.record_id', '=', recordId)
            .where('h.summary_id', 'is not', null),
        ),
      ]),
    )
    .orderBy('d.id')
    .execute();
  return direct as Array<DeliveryRow & { sender_name: string | null }>;
}

/** The held deliveries a summary reports. */
export async function listHeldOfSummary(db: Db, summaryId: number): Promise<DeliveryRow[]> {
  return db
    .selectFrom('alert_deliveries')
    .selectAll()
    .where('summary_id', '=', summaryId)
    .orderBy('id')
    .execute();
}

/** Deliveries waiting to be sent or retried (the backlog `/metrics` shows). */
export async function countQueuedDeliveries(db: Db): Promise<number> {
  const row = await db
    .selectFrom('alert_deliveries')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('status', 'in', ['queued', 'sending'])
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

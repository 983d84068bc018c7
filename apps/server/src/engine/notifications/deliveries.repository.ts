/**
 * SQL of the notifier's queue, `alert_deliveries` (insert once, claim, settle, summarise), which the
 * notifier owns; the alert records still to be handled and the facts a message names are in
 * alert-outbox.repository.ts. Every function takes the caller's transaction or handle.
 */
import type { Insertable, Kysely, Selectable } from 'kysely';

import type { DB } from '../../db/database';
import type { AlertDeliveriesTable } from '../../db/tables/alert-deliveries';
import type { Trx } from '../../db/trx';

export type DeliveryRow = Selectable<AlertDeliveriesTable>;
export type NewDelivery = Insertable<AlertDeliveriesTable>;

/** The (recipient, channel, address) told about a record's opening or a repeat (not muted). */
export async function listToldAbout(
  db: Trx,
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
  db: Trx,
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
export async function countCompanySince(db: Trx, companyId: number, since: number): Promise<number> {
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
export async function insertDeliveries(db: Trx, rows: readonly NewDelivery[]): Promise<number[]> {
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
  db: Trx,
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
  db: Trx,
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
export async function deliveryLanguage(db: Trx, id: number): Promise<string | null> {
  const row = await db
    .selectFrom('alert_deliveries')
    .select('language')
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.language ?? null;
}

/** Points every held delivery of `group` created before `before` and not yet reported at the summary. */
export async function attachHeldToSummary(
  db: Trx,
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
export async function deliveryIdByKey(db: Trx, dedupeKey: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('alert_deliveries')
    .select('id')
    .where('dedupe_key', '=', dedupeKey)
    .executeTakeFirst();
  return row?.id;
}

/** A record's deliveries with the recipient's name, oldest first (the record's delivery log). */
export async function listDeliveriesOfRecord(
  db: Trx,
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
export async function listHeldOfSummary(db: Trx, summaryId: number): Promise<DeliveryRow[]> {
  return db
    .selectFrom('alert_deliveries')
    .selectAll()
    .where('summary_id', '=', summaryId)
    .orderBy('id')
    .execute();
}

/** Deliveries waiting to be sent or retried (the backlog `/metrics` shows). */
export async function countQueuedDeliveries(db: Trx): Promise<number> {
  const row = await db
    .selectFrom('alert_deliveries')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('status', 'in', ['queued', 'sending'])
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

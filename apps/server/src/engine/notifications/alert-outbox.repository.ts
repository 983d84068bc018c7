/**
 * SQL of the notifier's outbox: the alert records still to be handled (the outbox columns of
 * alert_records, which the notifier owns) and the facts of a record a message names. The queue of
 * deliveries is deliveries.repository.ts. Every function takes the caller's transaction or handle.
 */
import { AlertRecordStatus } from '@storefleet/contracts';

import type { Trx } from '../../db/trx';

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

function factsQuery(db: Trx) {
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
export async function listUnhandledOpenings(db: Trx, limit: number): Promise<RecordFacts[]> {
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
export async function listUnhandledRecoveries(db: Trx, limit: number): Promise<RecordFacts[]> {
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
export async function listRepeatCandidates(db: Trx, before: number, limit: number): Promise<RecordFacts[]> {
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
  db: Trx,
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

export async function markRecoveryHandled(db: Trx, recordId: number, now: number): Promise<void> {
  await db
    .updateTable('alert_records')
    .set({ recovery_notified_at: now })
    .where('id', '=', recordId)
    .where('recovery_notified_at', 'is', null)
    .execute();
}

/** Records repeat notice number `repeatNo` of a record at `now` (only once: the number must be the next). */
export async function markRepeatHandled(
  db: Trx,
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

/** Facts of the records `ids` (for summaries and for messages of claimed deliveries). */
export async function listRecordFacts(db: Trx, ids: readonly number[]): Promise<RecordFacts[]> {
  if (ids.length === 0) return [];
  const rows = await factsQuery(db)
    .where('r.id', 'in', [...ids])
    .execute();
  return rows.map(toFacts);
}

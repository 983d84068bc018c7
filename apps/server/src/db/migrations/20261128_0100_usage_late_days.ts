/**
 * Late transitions (issue 13, docs/decisions/usage.md "Late transitions"): `usage_late_days` records a
 * device's day that got an online/offline transition after the day was over — a box sending values it
 * buffered while its link was down, whose clocks fall before today. Ingest writes the mark in the
 * transaction of the transition; the daily usage job computes the device's stored days from that day on
 * again and removes the marks it handled. Marks of days not stored yet are removed without work (the
 * job computes those days afresh). No index but the key: the job reads every mark, which are few.
 */
import type { Kysely } from 'kysely';

import type { DialectName } from '../database';
import { tableWithId } from './columns';

export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await tableWithId(db, dialect, 'usage_late_days')
    .addColumn('device_id', 'integer', (c) => c.notNull())
    .addColumn('statistics_date', 'text', (c) => c.notNull())
    .execute();
}

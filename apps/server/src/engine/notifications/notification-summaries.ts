/**
 * Summaries: what the caps held back in past hours goes out as one message per (recipient, channel,
 * address) once the cap lifts, counted against the caps of the hour it is sent in like any message.
 * A group over a cap waits (later held messages join it); once the company cap is reached its other
 * groups wait for the next hour, so the company cap bounds everything sent in an hour.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';

import type { Kysely } from 'kysely';

import type { DB } from '../../db/database';
import {
  attachHeldToSummary,
  countCompanySince,
  countRecipientSince,
  deliveryLanguage,
  type HeldGroup,
  insertDeliveries,
  listHeldGroups,
} from './deliveries.repository';
import type { CompanySettings } from './notification-planning';
import { type CapReason, capReason, clockTime, hourStart, quietReason } from './notification-policy';

/** Held groups read per query (keyset pages). */
const HELD_GROUPS_PAGE = 500;

/** Queues the summaries due at `now`, oldest held first, as far as this hour's caps let them. */
export async function summariseHeld(
  db: Kysely<DB>,
  now: number,
  settingsOf: (companyId: number) => Promise<CompanySettings>,
  stopped: () => boolean,
): Promise<void> {
  const before = hourStart(now);
  const companiesCapped = new Set<number>();
  let after = 0;
  for (;;) {
    const groups = await listHeldGroups(db, before, after, HELD_GROUPS_PAGE);
    for (const group of groups) {
      if (stopped()) return;
      after = group.firstId;
      if (companiesCapped.has(group.companyId)) continue;
      const settings = await settingsOf(group.companyId);
      // A summary waits for the end of a quiet time like any other message.
      if (quietReason(settings.monitoring, clockTime(now))) continue;
      const cap = await queueSummary(db, group, settings, now);
      if (cap === 'company_cap') companiesCapped.add(group.companyId);
      // Let the event loop (the sender's sockets, the server) turn between summaries.
      await nextTurn();
    }
    if (groups.length < HELD_GROUPS_PAGE) return;
  }
}

/** Queues the summary of `group` unless a cap holds it back (then the cap's reason). */
async function queueSummary(
  db: Kysely<DB>,
  group: HeldGroup,
  settings: CompanySettings,
  now: number,
): Promise<CapReason | null> {
  const since = hourStart(now);
  // Worded in the language of the oldest held message of the group.
  const language = await deliveryLanguage(db, group.firstId);
  return db.transaction().execute(async (trx) => {
    const cap = capReason(
      settings.channels.caps,
      await countRecipientSince(trx, group.senderId, group.channel, since),
      await countCompanySince(trx, group.companyId, since),
    );
    if (cap) return cap;
    const [summaryId] = await insertDeliveries(trx, [
      {
        company_id: group.companyId,
        record_id: null,
        sender_id: group.senderId,
        channel: group.channel,
        kind: 'summary',
        address: group.address,
        language,
        status: 'queued',
        next_attempt_at: now,
        dedupe_key: `summary:${group.senderId}:${group.channel}:${group.firstId}`,
        created_at: now,
      },
    ]);
    if (summaryId !== undefined) await attachHeldToSummary(trx, group, since, summaryId);
    return null;
  });
}

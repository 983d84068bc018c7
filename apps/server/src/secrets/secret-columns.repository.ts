/**
 * The columns that hold secrets, resealed in place: plain values from before sealing and values of a
 * previous key are sealed again with the current key, in batches, skipping what is already sealed with
 * it (so a second run changes nothing). Used by the migration that first sealed them and by
 * `npm run rotate-secrets`. It writes the devices and notification channels tables of other modules on
 * purpose: a key rotation must reach every sealed column, whoever owns it.
 */
import type { Kysely } from 'kysely';

import type { DB } from '../db/database';
import {
  boxKeyHash,
  isSealedWithCurrentKey,
  openStoredSecret,
  type SecretPurpose,
  sealSecret,
} from './secret-box';
import type { SecretKeyRing } from './secret-keys';

export interface ResealOutcome {
  /** Devices whose key, key hash or community was rewritten. */
  devices: number;
  /** Companies whose notification settings were rewritten. */
  channels: number;
  /** Users whose two-step sign-in secret was rewritten. */
  mfaSecrets: number;
}

/** `stored` sealed with the current key: unchanged when it already is. */
function resealed(ring: SecretKeyRing, purpose: SecretPurpose, stored: string): string {
  return isSealedWithCurrentKey(ring, stored)
    ? stored
    : sealSecret(ring, purpose, openStoredSecret(ring, purpose, stored));
}

/** Whether any device holds a box key or community, or any company notification settings (sealed or not). */
export async function hasSecretColumnRows(db: Kysely<DB>): Promise<boolean> {
  const device = await db
    .selectFrom('devices')
    .select('id')
    .where((eb) => eb.or([eb('security_key', 'is not', null), eb('community', 'is not', null)]))
    .limit(1)
    .executeTakeFirst();
  const channel = await db
    .selectFrom('notification_channels')
    .select('company_id')
    .limit(1)
    .executeTakeFirst();
  return device !== undefined || channel !== undefined;
}

/** Reseals every secret column with `ring.current`, `batchSize` rows per transaction. */
export async function resealSecrets(
  db: Kysely<DB>,
  ring: SecretKeyRing,
  batchSize = 500,
): Promise<ResealOutcome> {
  const outcome: ResealOutcome = { devices: 0, channels: 0, mfaSecrets: 0 };
  let afterId = 0;
  for (;;) {
    const rows = await db
      .selectFrom('devices')
      .select(['id', 'security_key', 'security_key_hash', 'community'])
      .where('id', '>', afterId)
      .where((eb) => eb.or([eb('security_key', 'is not', null), eb('community', 'is not', null)]))
      .orderBy('id')
      .limit(batchSize)
      .execute();
    if (rows.length === 0) break;
    afterId = rows[rows.length - 1]?.id ?? afterId;
    outcome.devices += await db.transaction().execute(async (trx) => {
      let changed = 0;
      for (const row of rows) {
        const key =
          row.security_key === null ? null : openStoredSecret(ring, 'devices.security_key', row.security_key);
        const next = {
          security_key:
            row.security_key === null ? null : resealed(ring, 'devices.security_key', row.security_key),
          security_key_hash: key === null ? null : boxKeyHash(ring, key),
          community: row.community === null ? null : resealed(ring, 'devices.community', row.community),
        };
        if (
          next.security_key === row.security_key &&
          next.security_key_hash === row.security_key_hash &&
          next.community === row.community
        )
          continue;
        // Only if untouched since read: a key rotated meanwhile is already sealed with the current key.
        const result = await trx
          .updateTable('devices')
          .set(next)
          .where('id', '=', row.id)
          .where((eb) =>
            eb.and([
              row.security_key === null
                ? eb('security_key', 'is', null)
                : eb('security_key', '=', row.security_key),
              row.community === null ? eb('community', 'is', null) : eb('community', '=', row.community),
            ]),
          )
          .executeTakeFirst();
        changed += Number(result.numUpdatedRows);
      }
      return changed;
    });
  }
  let afterCompany = 0;
  for (;;) {
    const rows = await db
      .selectFrom('notification_channels')
      .select(['company_id', 'settings'])
      .where('company_id', '>', afterCompany)
      .orderBy('company_id')
      .limit(batchSize)
      .execute();
    if (rows.length === 0) break;
    afterCompany = rows[rows.length - 1]?.company_id ?? afterCompany;
    outcome.channels += await db.transaction().execute(async (trx) => {
      let changed = 0;
      for (const row of rows) {
        const next = resealed(ring, 'notification_channels.settings', row.settings);
        if (next === row.settings) continue;
        const result = await trx
          .updateTable('notification_channels')
          .set({ settings: next })
          .where('company_id', '=', row.company_id)
          .where('settings', '=', row.settings)
          .executeTakeFirst();
        changed += Number(result.numUpdatedRows);
      }
      return changed;
    });
  }
  let afterUser = 0;
  for (;;) {
    const rows = await db
      .selectFrom('user_mfa')
      .select(['user_id', 'secret'])
      .where('user_id', '>', afterUser)
      .orderBy('user_id')
      .limit(batchSize)
      .execute();
    if (rows.length === 0) break;
    afterUser = rows[rows.length - 1]?.user_id ?? afterUser;
    outcome.mfaSecrets += await db.transaction().execute(async (trx) => {
      let changed = 0;
      for (const row of rows) {
        const next = resealed(ring, 'user_mfa.secret', row.secret);
        if (next === row.secret) continue;
        const result = await trx
          .updateTable('user_mfa')
          .set({ secret: next })
          .where('user_id', '=', row.user_id)
          .where('secret', '=', row.secret)
          .executeTakeFirst();
        changed += Number(result.numUpdatedRows);
      }
      return changed;
    });
  }
  return outcome;
}

/**
 * A company's notification channel settings (notification_channels, one JSON document per company),
 * read merged over the defaults: a document saved by an older version, or one that no longer parses,
 * reads as the defaults for what is missing. The document is stored sealed as a whole
 * (secrets/secret-box.ts): the SMTP password, the providers' secret headers and any key in a provider
 * URL never reach the database in clear.
 */
import { defaultNotificationSettings, NotificationSettings } from '@storefleet/contracts';

import type { Trx } from '../../db/trx';
import { openStoredSecret, sealSecret } from '../../secrets/secret-box';
import type { SecretKeyRing } from '../../secrets/secret-keys';

/** The company's settings with secrets in clear (for the notifier and the settings service only). */
export async function readNotificationSettings(
  db: Trx,
  secrets: SecretKeyRing,
  companyId: number,
): Promise<NotificationSettings> {
  const row = await db
    .selectFrom('notification_channels')
    .select('settings')
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  const defaults = defaultNotificationSettings();
  if (!row) return defaults;
  let stored: unknown;
  try {
    stored = JSON.parse(openStoredSecret(secrets, 'notification_channels.settings', row.settings));
  } catch {
    return defaults;
  }
  const parts = typeof stored === 'object' && stored !== null ? (stored as Record<string, unknown>) : {};
  const part = <K extends keyof NotificationSettings>(key: K): NotificationSettings[K] => {
    const parsed = NotificationSettings.shape[key].safeParse({ ...defaults[key], ...(parts[key] as object) });
    return (parsed.success ? parsed.data : defaults[key]) as NotificationSettings[K];
  };
  return { email: part('email'), sms: part('sms'), phone: part('phone'), caps: part('caps') };
}

/** Saves the company's settings (secrets included), sealed. */
export async function writeNotificationSettings(
  db: Trx,
  secrets: SecretKeyRing,
  companyId: number,
  settings: NotificationSettings,
  now: number,
  by: string | null,
): Promise<void> {
  const text = sealSecret(secrets, 'notification_channels.settings', JSON.stringify(settings));
  await db
    .insertInto('notification_channels')
    .values({ company_id: companyId, settings: text, updated_at: now, update_by: by })
    .onConflict((oc) =>
      oc.column('company_id').doUpdateSet({ settings: text, updated_at: now, update_by: by }),
    )
    .execute();
}

/**
 * Test data for notification tests: the link fixture's store (company 1) with one recipient who wants
 * email, SMS and phone calls for every level, the company's channels pointed at the local peers, and
 * helpers to open and recover alert records through the alerting repository (as ingest would).
 */
import { randomBytes, randomUUID } from 'node:crypto';

import {
  ConfigEndpoints,
  defaultNotificationSettings,
  type NotificationSettings,
} from '@storefleet/contracts';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { expect } from 'vitest';

import type { DB } from '../../../db/database';
import { bearer, TEST_SECRETS } from '../../../testing/test-app';
import { insertAlerts, recoverAlerts } from '../../alerting/alert-records.repository';
import { insertLinkFixture, type LinkFixture } from '../../hub/test-support/link-fixture.repository';
import { writeNotificationSettings } from '../notification-channels.repository';
import type { HttpPeer, SmtpPeer } from './notification-peers';

export interface NotificationFixture extends LinkFixture {
  senderId: number;
  email: string;
  phone: string;
}

/** Channel settings pointing at the peers; `change` adjusts them. */
export function peerSettings(
  smtp: SmtpPeer,
  http: HttpPeer,
  change: (s: NotificationSettings) => void = () => {},
): NotificationSettings {
  const s = defaultNotificationSettings();
  s.email = {
    enabled: true,
    host: '127.0.0.1',
    port: smtp.port,
    tls: 'none',
    user: '',
    from: 'alerts@storefleet.test',
  };
  s.sms = {
    enabled: true,
    url: `${http.url}/sms?to={{phone}}`,
    method: 'POST',
    secretHeaders: [{ name: 'X-Api-Key', value: 'sms-key-1' }],
    bodyTemplate:
      '{"to":"{{phone}}","device":"{{deviceName}}","shop":"{{shopName}}","alert":"{{name}}","level":"{{severityName}}","at":"{{alertTime}}","status":"{{status}}"}',
  };
  s.phone = {
    ...s.sms,
    url: `${http.url}/call`,
    secretHeaders: [{ name: 'Authorization', value: 'Bearer call-1' }],
  };
  change(s);
  return s;
}

export async function insertNotificationFixture(
  db: Kysely<DB>,
  settings: NotificationSettings,
): Promise<NotificationFixture> {
  const link = await insertLinkFixture(db, { port: 161, community: 'public' });
  const tag = randomBytes(3).toString('hex');
  const email = `ops-${tag}@store.test`;
  const phone = `138${String(Number.parseInt(tag, 16) % 100_000_000).padStart(8, '0')}`;
  const now = Date.now();
  const sender = await db
    .insertInto('alert_senders')
    .values({
      company_id: link.companyId,
      name: `Store ops ${tag}`,
      email,
      phone,
      send_types: 0b111,
      min_level: 1,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('alert_sender_stores').values({ sender_id: sender.id, shop_id: link.shopId }).execute();
  await writeNotificationSettings(db, TEST_SECRETS, link.companyId, settings, now, 'test');
  return { ...link, senderId: sender.id, email, phone };
}

/** Rule ids of the records made here: never the same twice in a test file (a random one could be). */
let nextRuleId = 900_000;

/** Opens a record for `deviceId` at `at` (as the evaluator does); returns its id. */
export async function openRecord(
  db: Kysely<DB>,
  f: LinkFixture,
  options: { deviceId?: number; at: number; severity?: number; name?: string; suppressedBy?: number },
): Promise<number> {
  const [row] = await insertAlerts(db, [
    {
      uuid: randomUUID(),
      company_id: f.companyId,
      // A fresh rule per record: two open records of one rule and device would be one record.
      rule_id: nextRuleId++,
      device_id: options.deviceId ?? f.posId,
      shop_id: f.shopId,
      name: options.name ?? 'Device offline',
      severity: options.severity ?? 4,
      item: 'online',
      trigger_value: 0,
      value: 0,
      alert_time: options.at,
      suppressed_by: options.suppressedBy ?? null,
    },
  ]);
  if (!row) throw new Error('record not inserted');
  return row.id;
}

export async function recoverRecord(db: Kysely<DB>, id: number, at: number): Promise<void> {
  await recoverAlerts(db, [{ id, at }]);
}

/** Saves config items of company 1 through the settings call (as the monitoring settings page does). */
export async function saveConfig(
  app: FastifyInstance,
  token: string,
  items: Record<string, string>,
): Promise<void> {
  const res = await app.inject({
    method: 'PUT',
    url: ConfigEndpoints.update.path,
    headers: bearer(token),
    payload: { configItems: Object.entries(items).map(([code, value]) => ({ code, value })) },
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** The deliveries of a record, oldest first. */
export function deliveriesOf(db: Kysely<DB>, recordId: number) {
  return db
    .selectFrom('alert_deliveries')
    .selectAll()
    .where('record_id', '=', recordId)
    .orderBy('id')
    .execute();
}

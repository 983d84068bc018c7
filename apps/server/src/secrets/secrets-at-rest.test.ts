// Issue 31 §4 on a real database (SQLite, or PostgreSQL with TEST_DB=postgres): the secrets a user
// gives the console (a box's key, an SNMP community, the SMTP password, provider secret headers and a
// key in a provider URL) are nowhere in the database's bytes, yet everything that uses them works;
// a secrets key rotation reseals them all and nothing stops working.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';

import {
  AGENT_LINK_PATH,
  type Device,
  type DeviceKey,
  NotificationEndpoints as E,
  MfaEndpoints,
  type MfaEnrolment,
  type NotificationSettings,
} from '@storefleet/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { findKeyOwner, listProbedDevices } from '../engine/hub/agent-link.repository';
import { AgentPeer, helloFrame } from '../engine/hub/test-support/agent-peer';
import { readNotificationSettings } from '../engine/notifications/notification-channels.repository';
import { type DemoStore, demoStore, get, post, printerBody } from '../modules/devices/device-test-support';
import { bearer, createTestApp, type TestApp } from '../testing/test-app';
import { TEST_POSTGRES_URL, testDialect } from '../testing/test-database';
import { isSealed, isSealedWithCurrentKey, openStoredSecret } from './secret-box';
import { hasSecretColumnRows, resealSecrets } from './secret-columns.repository';
import { randomSecretKeyRing, type SecretKeyRing } from './secret-keys';

let t: TestApp;
let admin: string;
let store: DemoStore;
let linkUrl: string;
const tag = Date.now().toString(36);
const SECRETS = {
  community: `c0mmunity-${tag}-Qz`,
  smtpPassword: `smtp-pa55-${tag}-Qz`,
  header: `hdr-api-key-${tag}-Qz`,
  urlKey: `url-key-${tag}-Qz`,
};
let boxKey = '';
let mfaSecret = '';
let boxId = 0;
let snmpId = 0;

/** Every byte the database keeps: the SQLite file and its WAL, or a pg_dump of the test's schema. */
async function databaseBytes(): Promise<string> {
  if (testDialect() === 'sqlite') {
    const { rows } = await sql<{ file: string }>`pragma database_list`.execute(t.ctx.db);
    const file = rows[0]?.file ?? '';
    const parts = [file, `${file}-wal`].filter((path) => existsSync(path));
    expect(parts.length).toBeGreaterThan(0);
    return parts.map((path) => readFileSync(path).toString('latin1')).join('\n');
  }
  const dump = spawnSync('pg_dump', ['--no-owner', `--schema=${t.database.pgSchema}`, TEST_POSTGRES_URL], {
    encoding: 'utf8',
    maxBuffer: 512 * 1024 * 1024,
  });
  expect(dump.status, dump.stderr).toBe(0);
  expect(dump.stdout).toContain('security_key_hash');
  return dump.stdout;
}

async function saveChannels(): Promise<void> {
  const settings: NotificationSettings = {
    email: {
      enabled: true,
      host: '127.0.0.1',
      port: 2525,
      tls: 'none',
      user: 'mailer',
      password: SECRETS.smtpPassword,
      from: 'alerts@store.test',
    },
    sms: {
      enabled: true,
      url: `http://127.0.0.1:9/sms?apikey=${SECRETS.urlKey}`,
      method: 'POST',
      secretHeaders: [{ name: 'X-Api-Key', value: SECRETS.header }],
      bodyTemplate: '{"phone":"{{phone}}","text":"{{message}}"}',
    },
    phone: {
      enabled: false,
      url: '',
      method: 'POST',
      secretHeaders: [],
      bodyTemplate: '{}',
    },
    caps: { perRecipientPerHour: 20, perCompanyPerHour: 200 },
  };
  const res = await t.app.inject({
    method: 'PUT',
    url: E.saveNotificationSettings.path,
    headers: bearer(admin),
    payload: settings,
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** Links as the new box with `key`; resolves with the close code (or 'welcome'). */
async function linkWith(key: string): Promise<'welcome' | number> {
  const peer = await AgentPeer.open(linkUrl);
  peer.send(helloFrame(key));
  const outcome = await Promise.race([
    peer.next('welcome').then(() => 'welcome' as const),
    peer.closed.then((closed) => closed.code),
  ]);
  peer.socket.close();
  return outcome;
}

beforeAll(async () => {
  t = await createTestApp({ demo: true });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  linkUrl = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}${AGENT_LINK_PATH}`;
  admin = await t.signIn('admin');
  store = await demoStore(t, 'NW001', '华东大区');
  const box = await post(
    t,
    admin,
    'add',
    printerBody(store, {
      hostid: `secrets-box-${tag}`,
      deviceName: 'Secrets box',
      productId: 1,
      connectType: 1,
      deviceSystem: 0,
      parentDeviceId: null,
      deviceCategory: 'box',
      deviceClass: 'aibox',
    }),
  );
  expect(box.status).toBe(200);
  const made = box.body.data as unknown as Device;
  boxId = made.deviceId;
  boxKey = made.securityKey ?? '';
  const snmp = await post(
    t,
    admin,
    'add',
    printerBody(store, { connectType: 2, community: SECRETS.community, parentDeviceId: boxId }),
  );
  expect(snmp.status).toBe(200);
  snmpId = (snmp.body.data as unknown as Device).deviceId;
  await saveChannels();
  // The admin's two-step sign-in secret, shown once when enrolment starts.
  const enrolment = await t.app.inject({
    method: 'POST',
    url: MfaEndpoints.startMfa.path,
    headers: bearer(admin),
  });
  expect(enrolment.statusCode, enrolment.body).toBe(200);
  mfaSecret = (JSON.parse(enrolment.body) as { data: MfaEnrolment }).data.secret;
  expect(mfaSecret.length).toBeGreaterThan(15);
});
afterAll(() => t.close());

describe('secrets at rest', () => {
  it('shows a new box key in full in the reply that made it, and masked in every later reply', async () => {
    expect(boxKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const detail = await get<Device>(t, admin, `detail/${boxId}`);
    expect(detail.body.data.securityKey).toBe(`••••••••${boxKey.slice(-4)}`);
    const snmp = await get<Device>(t, admin, `detail/${snmpId}`);
    expect(snmp.body.data.community).toBe(SECRETS.community);
  });

  it('keeps none of the secret values in the database bytes', async () => {
    const bytes = await databaseBytes();
    // Positive control: the reader sees the rows (the new box's plain hostid is there).
    expect(bytes.includes(`secrets-box-${tag}`)).toBe(true);
    for (const value of [boxKey, mfaSecret, ...Object.values(SECRETS)])
      expect(bytes.includes(value), value).toBe(false);
  });

  it('still links the box with its key, and gives its box the community in clear', async () => {
    expect(await linkWith(boxKey)).toBe('welcome');
    const probed = await listProbedDevices(t.ctx.db, t.ctx.config.secrets, store.id);
    expect(probed.find((d) => d.id === snmpId)?.community).toBe(SECRETS.community);
    const channels = await readNotificationSettings(t.ctx.db, t.ctx.config.secrets, store.companyId);
    expect(channels.email.password).toBe(SECRETS.smtpPassword);
    expect(channels.sms.secretHeaders[0]?.value).toBe(SECRETS.header);
  });

  it('refuses a rotated key at once and shows the new key once', async () => {
    const rotated = await post(t, admin, `rotateKey/${boxId}`, {});
    expect(rotated.status).toBe(200);
    const fresh = (rotated.body.data as unknown as DeviceKey).securityKey;
    expect(fresh).not.toBe(boxKey);
    expect(await linkWith(boxKey)).not.toBe('welcome');
    expect(await linkWith(fresh)).toBe('welcome');
    const bytes = await databaseBytes();
    expect(bytes.includes(fresh)).toBe(false);
    boxKey = fresh;
  });

  it('reseals everything under a new key; values of the old key read until then, and none after', async () => {
    const old = t.ctx.config.secrets;
    const next: SecretKeyRing = { current: randomSecretKeyRing().current, previous: [old.current] };
    // Mid-rotation (new key first, old one still known): the box is found, the settings open.
    expect((await findKeyOwner(t.ctx.db, next, boxKey))?.id).toBe(boxId);
    const first = await resealSecrets(t.ctx.db, next, 7);
    expect(first.devices).toBeGreaterThan(1);
    expect(first.channels).toBe(1);
    expect(first.mfaSecrets).toBe(1);
    // Nothing left under the old key: a second run changes nothing, and the new key alone reads all.
    expect(await resealSecrets(t.ctx.db, next, 7)).toEqual({ devices: 0, channels: 0, mfaSecrets: 0 });
    const alone: SecretKeyRing = { current: next.current, previous: [] };
    expect((await findKeyOwner(t.ctx.db, alone, boxKey))?.id).toBe(boxId);
    expect(await findKeyOwner(t.ctx.db, old, boxKey)).toBeUndefined();
    const probed = await listProbedDevices(t.ctx.db, alone, store.id);
    expect(probed.find((d) => d.id === snmpId)?.community).toBe(SECRETS.community);
    const channels = await readNotificationSettings(t.ctx.db, alone, store.companyId);
    expect(channels.email.password).toBe(SECRETS.smtpPassword);
    const rows = await t.ctx.db.selectFrom('devices').select(['security_key', 'community']).execute();
    for (const value of rows.flatMap((r) => [r.security_key, r.community]))
      if (value !== null) expect(isSealedWithCurrentKey(alone, value)).toBe(true);
    // Back to the app's key, for the tests after this one.
    await resealSecrets(t.ctx.db, { current: old.current, previous: [next.current] });
  });

  it('seals plain values left from before (the migration step), and finds the box by its hash after', async () => {
    const plainKey = `plain-box-key-${tag}-0123456789`;
    await t.ctx.db
      .updateTable('devices')
      .set({ security_key: plainKey, security_key_hash: null, community: SECRETS.community })
      .where('id', '=', boxId)
      .execute();
    const plainChannels = JSON.stringify({ email: { password: SECRETS.smtpPassword } });
    await t.ctx.db
      .updateTable('notification_channels')
      .set({ settings: plainChannels })
      .where('company_id', '=', store.companyId)
      .execute();
    expect(await findKeyOwner(t.ctx.db, t.ctx.config.secrets, plainKey)).toBeUndefined();
    expect(await hasSecretColumnRows(t.ctx.db)).toBe(true);

    const outcome = await resealSecrets(t.ctx.db, t.ctx.config.secrets);
    expect(outcome).toEqual({ devices: 1, channels: 1, mfaSecrets: 0 });
    const row = await t.ctx.db
      .selectFrom('devices')
      .select(['security_key', 'community'])
      .where('id', '=', boxId)
      .executeTakeFirstOrThrow();
    expect(isSealed(row.security_key ?? '')).toBe(true);
    expect(openStoredSecret(t.ctx.config.secrets, 'devices.community', row.community ?? '')).toBe(
      SECRETS.community,
    );
    expect(await linkWith(plainKey)).toBe('welcome');
    const channels = await readNotificationSettings(t.ctx.db, t.ctx.config.secrets, store.companyId);
    expect(channels.email.password).toBe(SECRETS.smtpPassword);
  });
});

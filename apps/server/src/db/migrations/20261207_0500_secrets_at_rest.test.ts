// The migration on a database as the version before it left it: plain box keys, communities and
// notification settings, no hash column. It seals them all, links boxes by hash, and refuses to run
// without the server's key when there is something to seal.
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';

import { findKeyOwner } from '../../engine/hub/agent-link.repository';
import { readNotificationSettings } from '../../engine/notifications/notification-channels.repository';
import { isSealed } from '../../secrets/secret-box';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { up } from './20261207_0500_secrets_at_rest';

let t: TestApp;
const plainKey = `plain-key-${Date.now()}-0123456789abcdef`;

beforeAll(async () => {
  t = await createTestApp({ demo: true });
  const { db } = t.ctx;
  // Back to the schema and data of the version before: the hash column and its index gone, the old
  // unique index on the key, every secret in clear.
  await db.schema.dropIndex('devices_security_key_hash').execute();
  await db.schema.alterTable('devices').dropColumn('security_key_hash').execute();
  await sql`create unique index devices_security_key on devices (security_key) where security_key is not null`.execute(
    db,
  );
  const box = await db
    .selectFrom('devices')
    .select('id')
    .where('product_id', '=', 1)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  await sql`update devices set security_key = ${plainKey}, community = 'plain-community' where id = ${box.id}`.execute(
    db,
  );
  await sql`update devices set security_key = 'k-' || cast(id as text) where product_id = 1 and id <> ${box.id}`.execute(
    db,
  );
  await sql`update devices set community = 'public' where community is not null and id <> ${box.id}`.execute(
    db,
  );
  await sql`insert into notification_channels (company_id, settings, updated_at, update_by)
            values (1, ${JSON.stringify({ email: { password: 'plain-smtp-password' } })}, 0, 'old')`.execute(
    db,
  );
});
afterAll(() => t.close());

it('refuses to run without the secrets key on a database that holds secrets', async () => {
  await expect(up(t.ctx.db as unknown as Kysely<unknown>, t.ctx.database.dialect, {})).rejects.toThrow(
    /migrate it from the server/,
  );
});

it('seals every stored secret and finds boxes by the hash of their key', async () => {
  // Run outside the migrator's transaction, the refused run above added the column: start again.
  await sql`drop index if exists devices_security_key_hash`.execute(t.ctx.db);
  await t.ctx.db.schema.alterTable('devices').dropColumn('security_key_hash').execute();
  await sql`create unique index if not exists devices_security_key on devices (security_key) where security_key is not null`.execute(
    t.ctx.db,
  );
  await up(t.ctx.db as unknown as Kysely<unknown>, t.ctx.database.dialect, { secrets: t.ctx.config.secrets });
  const rows = await t.ctx.db.selectFrom('devices').select(['security_key', 'community']).execute();
  const values = rows.flatMap((r) => [r.security_key, r.community]).filter((v): v is string => v !== null);
  expect(values.length).toBeGreaterThan(10);
  expect(values.every(isSealed)).toBe(true);
  expect(await findKeyOwner(t.ctx.db, t.ctx.config.secrets, plainKey)).toBeDefined();
  const channels = await readNotificationSettings(t.ctx.db, t.ctx.config.secrets, 1);
  expect(channels.email.password).toBe('plain-smtp-password');
});

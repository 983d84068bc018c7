// A restart in the middle loses no delivery and sends none twice: the app closes while deliveries are
// in flight (their sends finish) and others are still queued; a delivery claimed by a process that
// died (lease ran out) is taken over; a new app on the same database sends each of them exactly once.
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildApp } from '../../app';
import { seedOnStart } from '../../demo/seed';
import { testConfig } from '../../testing/test-app';
import { openTestDatabase, type TestDatabase } from '../../testing/test-database';
import {
  deliveriesOf,
  insertNotificationFixture,
  openRecord,
  peerSettings,
} from './test-support/notification-fixture';
import {
  type HttpPeer,
  type SmtpPeer,
  startHttpPeer,
  startSmtpPeer,
  until,
} from './test-support/notification-peers';

let store: TestDatabase;
let smtp: SmtpPeer;
let http: HttpPeer;
const now = new Date(2026, 10, 24, 12, 0, 0).getTime();
const config = testConfig({ demo: true });

async function start(): Promise<FastifyInstance> {
  const app = await buildApp({ config, database: store.database, logger: pino({ level: 'silent' }) });
  await app.ready();
  app.ctx.engine.notifier.clock = () => now;
  return app;
}

beforeAll(async () => {
  [store, smtp, http] = await Promise.all([openTestDatabase(), startSmtpPeer(), startHttpPeer()]);
});
afterAll(async () => {
  await store.cleanup();
  await Promise.all([smtp.close(), http.close()]);
});

describe('restart in the middle', () => {
  it('sends each delivery exactly once across a shutdown with sends in flight and a crashed claim', async () => {
    const first = await start();
    await seedOnStart(store.database, config, first.ctx.auth.passwords);
    const settings = peerSettings(smtp, http, (s) => {
      s.sms.enabled = false;
      s.phone.enabled = false;
    });
    const f = await insertNotificationFixture(store.database.db, settings);
    const ids: number[] = [];
    for (let i = 0; i < 9; i++)
      ids.push(await openRecord(store.database.db, f, { at: now, name: `Outage ${i}` }));

    // The SMTP server holds the first mails: the pass is mid-send when the app closes.
    smtp.hold();
    const pass = first.ctx.engine.notifier.run();
    await until(() => smtp.waiting() > 0, 'a mail in flight');
    const closing = first.close();
    smtp.release();
    await Promise.all([pass, closing]);
    const afterFirst = smtp.to(f.email).length;
    expect(afterFirst).toBeGreaterThan(0);
    expect(afterFirst).toBeLessThan(9);

    // A process that claimed a delivery and died before sending it: its lease has run out.
    const queued = await store.database.db
      .selectFrom('alert_deliveries')
      .select('id')
      .where('address', '=', f.email)
      .where('status', '=', 'queued')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await store.database.db
      .updateTable('alert_deliveries')
      .set({ status: 'sending', attempts: 1, lease_until: now - 1 })
      .where('id', '=', queued.id)
      .execute();
    // The clean shutdown left nothing else mid-send.
    const sending = await store.database.db
      .selectFrom('alert_deliveries')
      .select('id')
      .where('status', '=', 'sending')
      .where('id', '!=', queued.id)
      .execute();
    expect(sending).toEqual([]);

    const second = await start();
    try {
      await second.ctx.engine.notifier.run();
      await until(() => smtp.to(f.email).length >= 9, 'all nine mails');
      await second.ctx.engine.notifier.run();
      const subjects = smtp.to(f.email).map((m) => m.subject ?? '');
      for (let i = 0; i < 9; i++) expect(subjects.filter((s) => s.includes(`Outage ${i}`))).toHaveLength(1);
      expect(subjects).toHaveLength(9);
      for (const id of ids) {
        const mails = (await deliveriesOf(store.database.db, id)).filter((d) => d.channel === 1);
        expect(mails.map((d) => d.status)).toEqual(['sent']);
      }
    } finally {
      await second.close();
    }
  });
});

// The first message of a storm leaves early: the sender runs beside the planning, woken after each
// batch of records is queued, so the first mail reaches the SMTP peer while later records of the same
// pass are still unhandled. Proven by order (what is still unhandled when the first send starts), not
// by timing.
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { listRecipientsFor } from '../../modules/alerts/alert-senders.repository';
import { getMonitoringSettings } from '../../modules/config/config.service';
import type { TestApp } from '../../testing/test-app';
import { channelSender } from './channel-senders';
import { Notifier } from './notifier';
import { insertNotificationFixture, openRecord, peerSettings } from './test-support/notification-fixture';
import type { HttpPeer, SmtpPeer } from './test-support/notification-peers';
import { closeNotifierBench, openNotifierBench } from './test-support/notifier-bench';

/** Five of the notifier's batches of 50 records. */
const RECORDS = 250;

let t: TestApp;
let smtp: SmtpPeer;
let http: HttpPeer;

beforeAll(async () => {
  ({ t, smtp, http } = await openNotifierBench());
  // This test's own notifier handles the records; the app's takes no part.
  await t.ctx.engine.notifier.stop();
});
afterAll(() => closeNotifierBench({ t, smtp, http }));

describe('the first message of a storm', () => {
  it('is sent before the last alert of the pass is queued', async () => {
    const now = new Date(2026, 10, 27, 12, 0, 0).getTime();
    const settings = peerSettings(smtp, http, (s) => {
      s.sms.enabled = false;
      s.phone.enabled = false;
      s.caps = { perRecipientPerHour: 1000, perCompanyPerHour: 10_000 };
    });
    const f = await insertNotificationFixture(t.ctx.db, settings);
    for (let i = 0; i < RECORDS; i++) await openRecord(t.ctx.db, f, { at: now, name: `Storm ${i}` });

    const unhandled = async () => {
      const row = await t.ctx.db
        .selectFrom('alert_records')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('company_id', '=', f.companyId)
        .where('open_notified_at', 'is', null)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    };
    let unhandledAtFirstSend: number | null = null;
    const sendOnChannel = channelSender(t.ctx.outbound);
    const notifier = new Notifier(
      { db: t.ctx.db, log: pino({ level: 'silent' }), secrets: t.ctx.config.secrets },
      {
        settings: getMonitoringSettings,
        recipients: listRecipientsFor,
        send: async (channels, channel, address, message) => {
          if (unhandledAtFirstSend === null) unhandledAtFirstSend = await unhandled();
          await sendOnChannel(channels, channel, address, message);
        },
      },
    );
    notifier.clock = () => now;
    await notifier.run();
    await notifier.stop();

    expect(unhandledAtFirstSend).toBeGreaterThan(0);
    expect(await unhandled()).toBe(0);
    // Every alert still reached the recipient, once.
    const subjects = smtp.to(f.email).map((m) => m.subject ?? '');
    expect(subjects).toHaveLength(RECORDS);
    for (let i = 0; i < RECORDS; i += 49)
      expect(subjects.filter((s) => s.endsWith(`Storm ${i}`))).toHaveLength(1);
  });
});

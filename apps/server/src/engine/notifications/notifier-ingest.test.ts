// The whole path: a box reports a slow POS through ingest, the rule opens a record in the ingest
// transaction, the committed change wakes the notifier and the recipient's mail arrives at the local
// SMTP server — nobody asks for a pass; the value back under the threshold sends the recovery mail.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildSlowPosRule } from '../../testing/factories';
import type { TestApp } from '../../testing/test-app';
import { reachabilityValue } from '../hub/test-support/agent-values';
import { ingestValues, type Reporter } from '../ingest/ingest.service';
import { insertNotificationFixture, peerSettings } from './test-support/notification-fixture';
import { type HttpPeer, type SmtpPeer, until } from './test-support/notification-peers';
import { closeNotifierBench, openNotifierBench } from './test-support/notifier-bench';

let t: TestApp;
let smtp: SmtpPeer;
let http: HttpPeer;
let seq = Date.now() * 1000;

beforeAll(async () => {
  ({ t, smtp, http } = await openNotifierBench());
  // Noon, local time: inside the default opening hours.
  t.ctx.engine.notifier.clock = () => new Date(2026, 10, 24, 12, 0, 0).getTime();
  // Only the wake after commit may start a pass here.
  t.ctx.engine.notifier.stopTimer();
});
afterAll(() => closeNotifierBench({ t, smtp, http }));

describe('from ingest to the mailbox', () => {
  it('mails the opening and the recovery of an alert raised by reported values', async () => {
    const f = await insertNotificationFixture(
      t.ctx.db,
      peerSettings(smtp, http, (s) => {
        s.sms.enabled = false;
        s.phone.enabled = false;
      }),
    );
    await t.ctx.db
      .updateTable('devices')
      .set({ device_category: 'terminal', device_class: 'pos' })
      .where('id', '=', f.posId)
      .execute();
    const admin = await t.signIn('admin');
    const rule = await buildSlowPosRule(t, admin);
    const box: Reporter = { deviceId: f.boxId, shopId: f.shopId, mode: 'box' };
    const reach = (at: number, delayMs: number) =>
      reachabilityValue({ deviceId: f.posId, seq: ++seq, at, delayMs, online: true });

    const now = Date.now();
    await ingestValues(t.parts, box, [reach(now - 2_000, 150)]);
    await until(() => smtp.to(f.email).length === 1, 'the opening mail');
    expect(smtp.to(f.email)[0]?.subject).toContain('Slow POS');
    expect(smtp.to(f.email)[0]?.subject).toContain('POS 1');

    await ingestValues(t.parts, box, [reach(now - 1_000, 20)]);
    await until(() => smtp.to(f.email).length === 2, 'the recovery mail');
    expect(smtp.to(f.email)[1]?.subject).toContain('告警恢复');
    const records = await t.ctx.db
      .selectFrom('alert_records')
      .select('id')
      .where('rule_id', '=', rule.id)
      .execute();
    expect(records).toHaveLength(1);
  });
});

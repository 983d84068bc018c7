/**
 * The notifier (`ctx.engine.notifier`): turns alert records into deliveries and sends them. The records are
 * the outbox (their `*_notified_at` columns): a pass (1) folds what caps held back in past hours into
 * one summary per recipient and channel, as far as this hour's caps let it (a summary is a message like
 * any other); (2) handles new openings, recoveries and due repeats, one transaction per batch of
 * records — deliveries inserted and the record marked handled together; (3) beside (1) and (2), kicked
 * after each committed batch, claims due deliveries (`sending` with a lease) and sends them, retrying
 * with backoff — so a storm's first messages leave while the rest is still being queued.
 *
 * Passes run one at a time: after an alert change commits (`wake`, from the alert bus), on a timer,
 * and when a test calls `run()`. `stop()` lets the pass in progress finish its sends and starts no
 * other, so a clean shutdown leaves nothing `sending`. After a crash, a `sending` delivery whose
 * lease ran out is sent again: delivery is at least once (a duplicate over a lost alert).
 */

import { setImmediate as nextTurn } from 'node:timers/promises';
import { cleanDeviceText, type Lang, langOfRecipient, type NotificationCaps } from '@storefleet/contracts';

import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Transaction } from 'kysely';

import type { DB } from '../../db/database';
import { OutboundError } from '../../outbound/outbound-error';
import type { SecretKeyRing } from '../../secrets/secret-keys';
import type { EngineMetrics } from '../engine-metrics';
import { logJobFailure } from '../jobs/job-failure';
import type { SettingsReader } from '../jobs/monitoring-settings';
import {
  listRecordFacts,
  listRepeatCandidates,
  listUnhandledOpenings,
  listUnhandledRecoveries,
  markOpeningHandled,
  markRecoveryHandled,
  markRepeatHandled,
  type RecordFacts,
} from './alert-outbox.repository';
import { ChannelOffError, type ChannelSender } from './channel-senders';
import {
  claimDueDeliveries,
  type DeliveryRow,
  listHeldOfSummary,
  settleDelivery,
} from './deliveries.repository';
import { readNotificationSettings } from './notification-channels.repository';
import { type OutgoingMessage, recordMessage, summaryMessage } from './notification-messages';
import {
  type CompanySettings,
  queueNotice,
  type RecipientsReader,
  recoveryTargets,
  targetsOf,
} from './notification-planning';
import { afterFailure, repeatDue, SEND_LEASE_MS } from './notification-policy';
import { summariseHeld } from './notification-summaries';
import { SendLoop } from './send-loop';

const BATCH = 50;
const SEND_CHUNK = 5;
const ERROR_MAX = 500;

export interface NotifierOptions {
  settings: SettingsReader;
  recipients: RecipientsReader;
  /** How messages leave: `channelSender(ctx.outbound)` (tests may pass another). */
  send: ChannelSender;
  /** The platform's highest caps (NOTIFY_MAX_*): a company's saved caps above them count as these. */
  capsMax?: NotificationCaps;
}

/**
 * The words of a delivery of a kind a module queues (the tasks module's overdue notices); throws
 * ChannelOffError when what it tells about is gone.
 */
export type DeliveryMessageSource = (
  db: Kysely<DB>,
  row: DeliveryRow,
  lang: Lang,
) => Promise<OutgoingMessage>;

/** A failure as stored: control characters out, bounded. */
export function cleanError(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return cleanDeviceText(text)
    .replace(/\p{Cc}+/gu, ' ')
    .trim()
    .slice(0, ERROR_MAX);
}

export class Notifier {
  /** Now, as every decision sees it (tests set another clock). */
  clock: () => number = () => Date.now();
  private chain: Promise<void> = Promise.resolve();
  private wakePending = false;
  private stopped = false;
  private timer: NodeJS.Timeout | null = null;
  private readonly send: ChannelSender;
  private readonly sources = new Map<string, DeliveryMessageSource>();

  constructor(
    private readonly parts: {
      db: Kysely<DB>;
      log: FastifyBaseLogger;
      secrets: SecretKeyRing;
      metrics?: EngineMetrics;
    },
    private readonly options: NotifierOptions,
  ) {
    this.send = options.send;
  }

  /** Makes the deliveries of `kind` (a module's, not an alert's) with `source`. */
  addMessageSource(kind: string, source: DeliveryMessageSource): void {
    this.sources.set(kind, source);
  }

  /** Runs one pass after the one in progress (if any); resolves when it ended. */
  run(): Promise<void> {
    const next = this.chain.then(async () => {
      this.wakePending = false;
      if (this.stopped) return;
      try {
        await this.pass(this.clock());
      } catch (error) {
        logJobFailure(this.parts.log, 'notifier', error);
      }
    });
    this.chain = next;
    return next;
  }

  /** Asks for a pass soon (several wakes before it starts make one pass). */
  wake(): void {
    if (this.wakePending || this.stopped) return;
    this.wakePending = true;
    void this.run();
  }

  start(everyMs = 30_000): void {
    if (this.timer || this.stopped) return;
    this.timer = setInterval(() => this.wake(), everyMs);
    this.timer.unref();
  }

  /** Stops the timer only: passes then run on wakes and `run()` alone (tests that prove the wake). */
  stopTimer(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** Stops the timer and waits for the pass in progress; no pass starts after. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.chain;
  }

  private async pass(now: number): Promise<void> {
    const cache = new Map<number, Promise<CompanySettings>>();
    const settingsOf = (companyId: number) => {
      let found = cache.get(companyId);
      if (!found) {
        found = this.loadSettings(companyId);
        cache.set(companyId, found);
      }
      return found;
    };
    const sender = new SendLoop(
      () => this.sendDue(now, settingsOf),
      (error) => logJobFailure(this.parts.log, 'notifier-send', error),
    );
    try {
      // Summaries first: what a cap held back is older news than this hour's, and takes its budget first.
      await summariseHeld(this.parts.db, now, settingsOf, () => this.stopped);
      sender.kick();
      await this.handleOpenings(now, settingsOf, sender.kick);
      await this.handleRecoveries(now, settingsOf, sender.kick);
      await this.handleRepeats(now, settingsOf, sender.kick);
      sender.kick();
    } finally {
      await sender.idle();
    }
  }

  private async loadSettings(companyId: number): Promise<CompanySettings> {
    const { db, secrets } = this.parts;
    const [monitoring, channels] = await Promise.all([
      this.options.settings(db, companyId),
      readNotificationSettings(db, secrets, companyId),
    ]);
    const max = this.options.capsMax;
    if (max) {
      channels.caps = {
        perRecipientPerHour: Math.min(channels.caps.perRecipientPerHour, max.perRecipientPerHour),
        perCompanyPerHour: Math.min(channels.caps.perCompanyPerHour, max.perCompanyPerHour),
      };
    }
    return { monitoring, channels };
  }

  /**
   * Drains one kind of unhandled record (openings or recoveries): batches of BATCH records as
   * `list` returns them, each batch handled in one transaction (deliveries inserted and the record
   * marked handled together), until a batch comes back short or the notifier stops. `committed` runs
   * after each batch's commit (it wakes the sender).
   */
  private async drain(
    list: (db: Kysely<DB>, limit: number) => Promise<RecordFacts[]>,
    handle: (trx: Transaction<DB>, record: RecordFacts, settings: CompanySettings) => Promise<void>,
    settingsOf: (id: number) => Promise<CompanySettings>,
    committed: () => void,
  ): Promise<void> {
    const { db } = this.parts;
    for (;;) {
      if (this.stopped) return;
      const records = await list(db, BATCH);
      if (records.length === 0) return;
      // Settings are read before the transaction, so nothing inside it waits on a read outside it.
      for (const record of records) await settingsOf(record.companyId);
      await db.transaction().execute(async (trx) => {
        for (const record of records) await handle(trx, record, await settingsOf(record.companyId));
      });
      committed();
      // A turn of the event loop between batches: on SQLite every query is synchronous, and without it
      // the sender's sockets (an SMTP greeting) and the rest of the server would wait for the whole drain.
      await nextTurn();
      if (records.length < BATCH) return;
    }
  }

  private handleOpenings(
    now: number,
    settingsOf: (id: number) => Promise<CompanySettings>,
    committed: () => void,
  ): Promise<void> {
    return this.drain(
      listUnhandledOpenings,
      async (trx, record, settings) => {
        // Ended while held under its box's record: nobody was told, nobody hears of the end.
        if (record.suppressedBy !== null) {
          await markOpeningHandled(trx, record.id, now, true);
          return;
        }
        const recipients = await this.options.recipients(trx, {
          companyId: record.companyId,
          shopId: record.shopId,
          severity: record.severity,
        });
        await queueNotice(trx, record, 'open', 0, targetsOf(recipients), settings, now);
        await markOpeningHandled(trx, record.id, now, false);
      },
      settingsOf,
      committed,
    );
  }

  private handleRecoveries(
    now: number,
    settingsOf: (id: number) => Promise<CompanySettings>,
    committed: () => void,
  ): Promise<void> {
    return this.drain(
      listUnhandledRecoveries,
      async (trx, record, settings) => {
        const targets = await recoveryTargets(trx, record.id);
        await queueNotice(trx, record, 'recovery', 0, targets, settings, now);
        await markRecoveryHandled(trx, record.id, now);
      },
      settingsOf,
      committed,
    );
  }

  private async handleRepeats(
    now: number,
    settingsOf: (id: number) => Promise<CompanySettings>,
    committed: () => void,
  ): Promise<void> {
    const { db } = this.parts;
    // Candidates were last told at least a minute ago (the shortest interval); each company's own
    // interval decides. One bounded batch per pass: the timer's next pass takes the rest.
    const candidates = await listRepeatCandidates(db, now - 60_000, BATCH * 4);
    const due: RecordFacts[] = [];
    for (const record of candidates) {
      const { monitoring } = await settingsOf(record.companyId);
      if (repeatDue(monitoring.alertRepeatMinutes, record.lastNotifiedAt, now)) due.push(record);
    }
    for (let i = 0; i < due.length && !this.stopped; i += BATCH) {
      await db.transaction().execute(async (trx) => {
        for (const record of due.slice(i, i + BATCH)) {
          const repeatNo = record.notifiedRepeats + 1;
          if (!(await markRepeatHandled(trx, record.id, repeatNo, now))) continue;
          const recipients = await this.options.recipients(trx, {
            companyId: record.companyId,
            shopId: record.shopId,
            severity: record.severity,
          });
          const settings = await settingsOf(record.companyId);
          await queueNotice(trx, record, 'repeat', repeatNo, targetsOf(recipients), settings, now);
        }
      });
      committed();
      await nextTurn();
    }
  }

  private async sendDue(now: number, settingsOf: (id: number) => Promise<CompanySettings>): Promise<void> {
    const { db } = this.parts;
    while (!this.stopped) {
      const claimed = await claimDueDeliveries(db, now, now + SEND_LEASE_MS, SEND_CHUNK);
      if (claimed.length === 0) return;
      await Promise.all(claimed.map((row) => this.deliver(row, now, settingsOf)));
    }
  }

  private async deliver(
    row: DeliveryRow,
    now: number,
    settingsOf: (id: number) => Promise<CompanySettings>,
  ): Promise<void> {
    const { db, log } = this.parts;
    try {
      const { channels } = await settingsOf(row.company_id);
      const message = await this.messageOf(row);
      await this.send(channels, row.channel, row.address, message);
      await settleDelivery(db, row.id, { status: 'sent', at: this.clock() });
      this.parts.metrics?.notificationsSent.inc({ channel: row.channel });
    } catch (error) {
      this.parts.metrics?.notificationsFailed.inc({ channel: row.channel });
      const text = cleanError(error);
      // Off, or a destination the outbound policy refuses: retrying does not help.
      const final =
        error instanceof ChannelOffError ||
        (error instanceof OutboundError && (error.failure === 'refused' || error.failure === 'badAddress'));
      const next = final ? ({ status: 'failed' } as const) : afterFailure(row.attempts, now);
      log.warn({ deliveryId: row.id, channel: row.channel, err: text }, 'notification not delivered');
      await settleDelivery(
        db,
        row.id,
        next.status === 'queued' ? { ...next, error: text } : { status: 'failed', error: text },
      );
    }
  }

  private async messageOf(row: DeliveryRow): Promise<OutgoingMessage> {
    const { db } = this.parts;
    if (row.kind === 'summary') {
      const held = await listHeldOfSummary(db, row.id);
      const facts = new Map(
        (
          await listRecordFacts(
            db,
            held.flatMap((h) => (h.record_id === null ? [] : [h.record_id])),
          )
        ).map((f) => [f.id, f]),
      );
      return summaryMessage(
        held.map((h) => {
          const record = h.record_id === null ? undefined : facts.get(h.record_id);
          return { kind: h.kind, record };
        }),
        row.address,
        langOfRecipient(row.language),
      );
    }
    const source = this.sources.get(row.kind);
    if (source) return source(db, row, langOfRecipient(row.language));
    const [record] = await listRecordFacts(db, row.record_id === null ? [] : [row.record_id]);
    if (!record) throw new ChannelOffError('the alert record no longer exists');
    const kind = row.kind === 'recovery' || row.kind === 'repeat' ? row.kind : 'open';
    if (kind === 'repeat') record.notifiedRepeats = row.repeat_no - 1;
    return recordMessage(kind, record, row.address, langOfRecipient(row.language));
  }
}

/**
 * What the storm benchmark (storm.ts) prints: its figures as a table, and the bars — the exact counts
 * the notification caps allow.
 */
import type { DialectName } from '../../apps/server/src/db/database';
import { type Bar, fmt, printTable } from './report';
import { DEVICES_PER_BOX, RECIPIENTS_PER_STORE, type StormCounts } from './storm-fixture.repository';
import type { SweepFigures } from './timed-sweep';

/** Caps at their defaults (contracts defaultNotificationSettings). */
const CAP_PER_COMPANY = 200;

/** One run's figures (storm.ts, runOn). */
export interface StormFigures {
  dialect: DialectName;
  boxes: number;
  baselineA: SweepFigures;
  storm: SweepFigures;
  baselineB: SweepFigures;
  /** From the sweep's start until the notifier had nothing left to send. */
  stormToSentMs: number;
  /** From the sweep's start until the first message reached a peer. */
  stormToFirstMs: number | null;
  afterStorm: StormCounts;
  afterHour: StormCounts;
  hourPasses: number;
  mails: number;
  sms: number;
  /** Mails whose subject is not in the language of the recipient it went to. */
  wrongLanguage: number;
  /** Whether the notifier ran beside the storm sweep. */
  concurrent: boolean;
  /** Times the benchmark moved the notifier's clock on for a retry (a send had failed). */
  retryWaits: number;
}

const n = (counts: StormCounts, key: string) => counts.deliveries.get(key) ?? 0;
const heldTotal = (counts: StormCounts) =>
  [...counts.deliveries].filter(([k]) => k.includes('/held/')).reduce((s, [, v]) => s + v, 0);
const sum = (values: readonly number[]) => values.reduce((s, v) => s + v, 0);

function sweepLine(s: SweepFigures): string {
  const tx = s.transactionsMs;
  return `${fmt(s.totalMs)} ms (${tx.length} tx, longest ${fmt(Math.max(0, ...tx))} ms, sum ${fmt(sum(tx))} ms)`;
}

/** Prints the run's figures as a table, then its deliveries by kind, status and reason. */
export function printStorm(f: StormFigures): void {
  const a = f.afterStorm;
  const h = f.afterHour;
  const baselineMean = (f.baselineA.totalMs + f.baselineB.totalMs) / 2;
  printTable(
    ['', f.dialect],
    [
      ['devices marked offline (storm sweep)', fmt(f.storm.markedOffline)],
      ['baseline A sweep (no rule, no recipient)', sweepLine(f.baselineA)],
      [
        f.concurrent ? 'storm sweep (notifier running beside it)' : 'storm sweep (notifier after it)',
        sweepLine(f.storm),
      ],
      ['baseline B sweep (rule off again)', sweepLine(f.baselineB)],
      ['storm ÷ mean baseline', `${fmt((f.storm.totalMs / baselineMean) * 100)}%`],
      [
        'storm: sweep start → first message received',
        f.stormToFirstMs === null ? '-' : `${fmt(f.stormToFirstMs / 1000, 1)} s`,
      ],
      ['storm: sweep start → last message sent', `${fmt(f.stormToSentMs / 1000, 1)} s`],
      ['box alert records opened', fmt(a.boxRecords)],
      ['device records opened / held under box', `${fmt(a.deviceRecords)} / ${fmt(a.deviceRecordsHeld)}`],
      ['deliveries about device records', fmt(a.deviceDeliveries)],
      ['storm: openings queued → sent', fmt(n(a, 'open/sent'))],
      ['storm: held by recipient cap', fmt(n(a, 'open/held/recipient_cap'))],
      ['storm: held by company cap', fmt(n(a, 'open/held/company_cap'))],
      ['storm: summaries queued', fmt(n(a, 'summary/sent') + n(a, 'summary/queued'))],
      ['hour after: summaries queued → sent', fmt(n(h, 'summary/sent'))],
      [
        'hour after: repeats sent / held (company cap)',
        `${fmt(n(h, 'repeat/sent'))} / ${fmt(n(h, 'repeat/held/company_cap'))}`,
      ],
      [
        'hour after: held messages reported by a summary / still waiting',
        `${fmt(h.heldReported)} / ${fmt(heldTotal(h) - h.heldReported)}`,
      ],
      ['hour after: notifier passes', fmt(f.hourPasses)],
      ['clock moved on for a retry (failed sends)', fmt(f.retryWaits)],
      ['peers: mails / SMS received', `${fmt(f.mails)} / ${fmt(f.sms)}`],
    ],
  );
  process.stdout.write(
    `[${f.dialect}] deliveries by kind/status/reason: ${[...h.deliveries].map(([k, v]) => `${k}=${fmt(v)}`).join(' ')}\n`,
  );
}

/** The bars of one run: what the sweep marked and opened, and what the caps let through. */
export function stormBars(f: StormFigures): Bar[] {
  const a = f.afterStorm;
  const h = f.afterHour;
  const boxes = f.boxes;
  const wanted = boxes * RECIPIENTS_PER_STORE;
  const allowed = Math.min(CAP_PER_COMPANY, wanted);
  const held = wanted - allowed;
  // The hour after: one summary per held (recipient, channel) — each held one message — oldest first,
  // then the repeats of every open alert, all within the one company cap.
  const summaries = Math.min(CAP_PER_COMPANY, held);
  const repeatsSent = Math.min(CAP_PER_COMPANY - summaries, wanted);
  const exact = (name: string, got: number, expected: number): Bar => ({
    name,
    pass: got === expected,
    detail: `${fmt(got)} (expected ${fmt(expected)})`,
  });
  const atMost = (name: string, got: number, bound: number): Bar => ({
    name,
    pass: got <= bound,
    detail: `${fmt(got)} (at most ${fmt(bound)})`,
  });
  const failed = [...h.deliveries].filter(([k]) => k.includes('/failed')).reduce((s, [, v]) => s + v, 0);
  const hourAfterSent =
    n(h, 'summary/sent') + n(h, 'repeat/sent') + n(h, 'recovery/sent') + n(h, 'open/sent');
  const stormHourSent =
    n(a, 'summary/sent') + n(a, 'repeat/sent') + n(a, 'recovery/sent') + n(a, 'open/sent');
  return [
    exact('devices marked offline in the storm sweep', f.storm.markedOffline, boxes * (1 + DEVICES_PER_BOX)),
    exact('box alert records opened', a.boxRecords, boxes),
    exact('device records opened', a.deviceRecords, boxes * DEVICES_PER_BOX),
    exact('device records held under their box record', a.deviceRecordsHeld, boxes * DEVICES_PER_BOX),
    exact('deliveries about a device record (none: the box speaks for them)', a.deviceDeliveries, 0),
    exact('openings queued and sent (what the company cap allows)', n(a, 'open/sent'), allowed),
    exact('openings held by the company cap (the rest)', n(a, 'open/held/company_cap'), held),
    exact('openings held by the recipient cap (one message each)', n(a, 'open/held/recipient_cap'), 0),
    exact('summaries during the storm hour (they wait for the hour to end)', n(a, 'summary/sent'), 0),
    atMost('messages sent in the storm hour (company cap)', stormHourSent, CAP_PER_COMPANY),
    exact('summaries the hour after, sent (oldest held first, company cap)', n(h, 'summary/sent'), summaries),
    exact("held messages the hour after's summaries report (one each)", h.heldReported, summaries),
    exact(
      'repeat notices the hour after, sent (what the summaries left of the cap)',
      n(h, 'repeat/sent'),
      repeatsSent,
    ),
    exact(
      'repeat notices the hour after, held (company cap)',
      n(h, 'repeat/held/company_cap'),
      wanted - repeatsSent,
    ),
    atMost(
      'messages sent in the hour after, summaries included (company cap)',
      hourAfterSent - stormHourSent,
      CAP_PER_COMPANY,
    ),
    exact(
      'held messages not lost (reported by a summary or waiting for one)',
      heldTotal(h),
      held + wanted - repeatsSent,
    ),
    exact('deliveries failed', failed, 0),
    exact(
      'messages the peers received (= sent: openings, summaries, repeats)',
      f.mails + f.sms,
      n(h, 'open/sent') + n(h, 'summary/sent') + n(h, 'repeat/sent'),
    ),
    exact("mails not in their recipient's language", f.wrongLanguage, 0),
    exact(
      'devices marked offline by each baseline sweep',
      f.baselineA.markedOffline + f.baselineB.markedOffline,
      2 * boxes * (1 + DEVICES_PER_BOX),
    ),
  ];
}

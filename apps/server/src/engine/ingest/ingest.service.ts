/**
 * Stores one `results` message of a link in one transaction: values already stored (seq at or below
 * the reporter's mark) and values the reporter may not send are skipped, everything else becomes raw
 * history, last values, syslog rows and online transitions (collected, then written: ingest-batch.ts),
 * and the marks move up; the batch's newest values are checked against the companies' alert rules,
 * opening and recovering alert records — all or nothing. After commit the status changes are
 * published on the status bus, the late transitions (late-transitions.ts) are handed out, and the
 * batch's result (status changes, records opened and recovered) is returned. Device text is cleaned
 * first (clean-text.ts); a batch the database refuses for a data reason is stored in parts and the
 * values it still refuses are set aside (set-aside.ts), so one bad value never stops the others.
 */
import { type AgentValue, OnlineStatus } from '@storefleet/contracts';
import { withTransactionRetry } from '../../db/transaction-retry';
import { type AfterCommit, afterCommit, publishAfterCommit } from '../after-commit';
import { type AlertOutcome, batchObservations, evaluateDevices } from '../alerting/alerting';
import type { EngineParts } from '../engine-parts';
import { cleanAgentValue } from './clean-text';
import {
  addSetAsideCount,
  type IngestDevice,
  lockIngestDevices,
  lockSeqMarks,
  saveSeqMarks,
} from './ingest.repository';
import { IngestBatch, writeBatch } from './ingest-batch';
import { lateTransitionsOf } from './late-transitions';
import { type SetAsideValue, storeSettingAside } from './set-aside';

/** The device a link authenticated as, and what it may report about. */
export interface Reporter {
  deviceId: number;
  shopId: number;
  mode: 'box' | 'device';
}

/** What ingest writes through: the database, the rules cache it evaluates with, the bus it publishes on. */
export type IngestContext = Pick<EngineParts, 'database' | 'rulesCache' | 'statusBus'>;

/** A committed batch: its status changes and alert records, and how many values it stored and refused. */
export interface IngestOutcome extends AfterCommit {
  /** Values newly stored (duplicates and refused values excluded). */
  stored: number;
  /** Values skipped because the reporter may not send them (unknown device, other store…). */
  refused: number;
  /** Values the database refused, not stored but acked like the others (set-aside.ts). */
  setAside: SetAsideValue[];
}

function mayReport(reporter: Reporter, device: IngestDevice): boolean {
  return reporter.mode === 'box' ? device.shop_id === reporter.shopId : device.id === reporter.deviceId;
}

/** Stores `values` (schema-valid, in the order received) for `reporter`; see the file comment. */
export async function ingestValues(
  ctx: IngestContext,
  reporter: Reporter,
  values: readonly AgentValue[],
): Promise<IngestOutcome> {
  // A deadlock's victim is stored again, not sent back to the box (db/transaction-retry.ts).
  const outcome = await storeSettingAside(values.map(cleanAgentValue), (batch) =>
    withTransactionRetry(() => storeValues(ctx, reporter, batch)),
  );
  if (outcome.setAside.length > 0)
    await withTransactionRetry(() => settleSetAside(ctx, reporter, outcome.setAside));
  publishAfterCommit(ctx.statusBus, outcome);
  await ctx.statusBus.late.publish(outcome.lateTransitions);
  return outcome;
}

/**
 * Takes the set-aside values as committed, in one transaction: their marks move up like stored
 * values' (so `welcome.committed` names them, and a box that resends them after a lost ack is acked
 * without them being tried, logged and counted again), and their number is added to the reporter's
 * `ingest.setAside` total. Only devices the reporter may report get a mark.
 */
async function settleSetAside(
  { database }: IngestContext,
  reporter: Reporter,
  setAside: readonly SetAsideValue[],
): Promise<void> {
  const ids = new Set(
    setAside.map((value) => Number(value.deviceId)).filter((id) => Number.isSafeInteger(id) && id > 0),
  );
  await database.db.transaction().execute(async (trx) => {
    const devices = await lockIngestDevices(trx, database.dialect, [...ids]);
    const allowed = devices.filter((device) => mayReport(reporter, device)).map((device) => device.id);
    const marks = await lockSeqMarks(trx, database.dialect, reporter.deviceId, allowed);
    for (const value of setAside) {
      const id = Number(value.deviceId);
      const mark = marks.get(id);
      if (mark !== undefined && value.seq > mark) marks.set(id, value.seq);
    }
    await saveSeqMarks(trx, database.dialect, reporter.deviceId, marks);
    await addSetAsideCount(trx, reporter.deviceId, setAside.length, Date.now());
  });
}

/** The transaction of `ingestValues`; resolves once it committed. */
async function storeValues(
  { database, rulesCache }: IngestContext,
  reporter: Reporter,
  values: readonly AgentValue[],
): Promise<IngestOutcome> {
  const ids = new Set<number>();
  for (const value of values) {
    const id = Number(value.deviceId);
    if (Number.isSafeInteger(id) && id > 0) ids.add(id);
  }
  return database.db.transaction().execute(async (trx) => {
    const devices = new Map(
      (await lockIngestDevices(trx, database.dialect, [...ids])).map((device) => [device.id, device]),
    );
    const allowed = [...devices.values()].filter((device) => mayReport(reporter, device));
    const marks = await lockSeqMarks(
      trx,
      database.dialect,
      reporter.deviceId,
      allowed.map((d) => d.id),
    );
    const batch = new IngestBatch(reporter.deviceId, devices, marks);
    for (const value of values) batch.add(value);
    const latestRows = await writeBatch(trx, database.dialect, batch, reporter.deviceId);
    const { stored, refused, states, changes } = batch;
    let alerts: AlertOutcome = { opened: [], recovered: [] };
    if (stored > 0) {
      const reported = new Map(allowed.map((d) => [d.id, d]));
      // Offline after the batch: their reachability items (loss, delay, jitter) raise nothing.
      const offline = new Set(
        allowed
          .filter((d) => (states.get(d.id)?.online_status ?? d.online_status) === OnlineStatus.OFFLINE)
          .map((d) => d.id),
      );
      alerts = await evaluateDevices(
        trx,
        rulesCache,
        reported,
        (rules) => batchObservations(latestRows, reported, rules, states, changes),
        offline,
      );
    }
    // Changes stamped on a day already over (values a box kept while its link was down), handed out
    // after commit: the daily usage job computes those days again.
    const late = lateTransitionsOf(changes, Date.now());
    return { stored, refused, setAside: [], ...afterCommit(changes, alerts, late) };
  });
}

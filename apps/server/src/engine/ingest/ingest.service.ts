/**
 * Stores one `results` message of a link in one transaction: values already stored (seq at or below
 * the reporter's mark) and values the reporter may not send are skipped, everything else becomes raw
 * history, last values, syslog rows and online transitions (a transition on a day already over marks
 * that day for the usage job: usage-late-days.ts), and the marks move up; the batch's newest
 * values are checked against the companies' alert rules, opening and recovering alert records — all
 * or nothing. After commit the status changes are published on the status bus, and the batch's
 * result (status changes, records opened and recovered) is returned. Device text is cleaned first
 * (clean-text.ts); a batch the database refuses for a data reason is stored in parts and the values it
 * still refuses are set aside (set-aside.ts), so one bad value never stops the others.
 */
import type { AgentValue } from '@storefleet/contracts';

import type { DeviceLatestTable, DeviceSyslogsTable } from '../../db/tables/monitoring';
import { withTransactionRetry } from '../../db/transaction-retry';
import { type AfterCommit, afterCommit, publishAfterCommit } from '../after-commit';
import { type AlertOutcome, batchObservations, evaluateDevices } from '../alerting/alerting';
import type { EngineParts } from '../engine-parts';
import { pastDaysOf } from '../jobs/usage-days';
import { markLateUsageDays } from '../jobs/usage-late-days.repository';
import { cleanAgentValue } from './clean-text';
import {
  addSetAsideCount,
  type IngestDevice,
  insertMetrics,
  insertOnlineEvents,
  insertSyslogs,
  lockIngestDevices,
  lockSeqMarks,
  MetricRows,
  type OnlineState,
  saveOnlineStates,
  saveSeqMarks,
  upsertLatest,
} from './ingest.repository';
import { applySignal } from './online-state';
import { type SetAsideValue, storeSettingAside } from './set-aside';
import { type DeviceStatusChange, statusChange } from './status-bus';
import { hostInfoText, metricSamples, onlineSignal, syslogRow } from './value-rows';

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
    const metrics = new MetricRows();
    const syslogs: Omit<DeviceSyslogsTable, 'id'>[] = [];
    // Last value per device, then per item (no key string built per sample).
    const latest = new Map<number, Map<string, DeviceLatestTable>>();
    const states = new Map<number, OnlineState>();
    // The newest host report per device: its structures become the `host.info` last value.
    const newestHost = new Map<number, Extract<AgentValue, { kind: 'host' }>>();
    const changes: DeviceStatusChange[] = [];
    let stored = 0;
    let refused = 0;

    for (const value of values) {
      const device = devices.get(Number(value.deviceId));
      const mark = device ? marks.get(device.id) : undefined;
      if (!device || mark === undefined) {
        refused++;
        continue;
      }
      if (value.seq <= mark) continue;
      marks.set(device.id, value.seq);
      stored++;
      if (value.kind === 'syslog') {
        const row = syslogRow(value);
        syslogs.push(
          Object.assign(row, { device_id: device.id, reporter_id: reporter.deviceId, seq: value.seq }),
        );
        continue;
      }
      let deviceLatest = latest.get(device.id);
      if (!deviceLatest) {
        deviceLatest = new Map();
        latest.set(device.id, deviceLatest);
      }
      if (value.kind === 'host') {
        const newest = newestHost.get(device.id);
        if (!newest || newest.at <= value.at) newestHost.set(device.id, value);
      }
      for (const sample of metricSamples(value, device.connect_type)) {
        metrics.push(device.id, reporter.deviceId, value.seq, sample.item, value.at, sample.num, sample.text);
        const previous = deviceLatest.get(sample.item);
        if (!previous || previous.clock <= value.at) {
          deviceLatest.set(sample.item, {
            device_id: device.id,
            item: sample.item,
            clock: value.at,
            value_num: sample.num,
            value_text: sample.text,
          });
        }
      }
      const signal = onlineSignal(value, device.connect_type);
      if (signal === null) continue;
      let state = states.get(device.id);
      if (!state) {
        state = {
          id: device.id,
          online_status: device.online_status,
          device_online_time: device.device_online_time,
          first_online_time: device.first_online_time,
          latest_offline_time: device.latest_offline_time,
          last_seen_at: device.last_seen_at,
        };
        states.set(device.id, state);
      }
      const transition = applySignal(state, signal, value.at);
      if (transition) changes.push(statusChange(device, transition.status, transition.at));
    }

    await insertMetrics(trx, database.dialect, metrics);
    await insertSyslogs(trx, database.dialect, syslogs);
    for (const [deviceId, host] of newestHost) {
      latest.get(deviceId)?.set('host.info', {
        device_id: deviceId,
        item: 'host.info',
        clock: host.at,
        value_num: null,
        value_text: hostInfoText(host),
      });
    }
    const latestRows = [...latest.values()].flatMap((items) => [...items.values()]);
    await upsertLatest(trx, database.dialect, latestRows);
    await saveSeqMarks(trx, database.dialect, reporter.deviceId, marks);
    await saveOnlineStates(
      trx,
      database.dialect,
      [...states.values()],
      new Set(changes.map((c) => c.deviceId)),
    );
    await insertOnlineEvents(
      trx,
      changes.map((c) => ({ device_id: c.deviceId, status: c.onlineStatus, at: c.at, cause: 'value' })),
    );
    // Changes stamped on a day already over (values a box kept while its link was down): the daily
    // usage job computes those days again.
    await markLateUsageDays(trx, pastDaysOf(changes, Date.now()));
    let alerts: AlertOutcome = { opened: [], recovered: [] };
    if (stored > 0) {
      const reported = new Map(allowed.map((d) => [d.id, d]));
      // Offline after the batch: their reachability items (loss, delay, jitter) raise nothing.
      const offline = new Set(
        allowed.filter((d) => (states.get(d.id)?.online_status ?? d.online_status) === 0).map((d) => d.id),
      );
      alerts = await evaluateDevices(
        trx,
        rulesCache,
        reported,
        (rules) => batchObservations(latestRows, reported, rules, states, changes),
        offline,
      );
    }
    return { stored, refused, setAside: [], ...afterCommit(changes, alerts) };
  });
}

/**
 * One `results` batch as ingest collects it before writing (ingest.service.ts): the raw history rows,
 * syslog rows, last values (per device, then per item), online states and the status changes they
 * made, the newest host report per device, and how many values were stored or refused. `add` takes
 * the values in the order received; `writeBatch` writes what was collected in the batch's transaction.
 */
import type { AgentValue } from '@storefleet/contracts';
import type { Transaction } from 'kysely';

import type { DB, DialectName } from '../../db/database';
import type { DeviceLatestTable, DeviceSyslogsTable } from '../../db/tables/monitoring';
import {
  type IngestDevice,
  insertMetrics,
  insertOnlineEvents,
  insertSyslogs,
  MetricRows,
  type OnlineState,
  saveOnlineStates,
  saveSeqMarks,
  upsertLatest,
} from './ingest.repository';
import { applySignal } from './online-state';
import { type DeviceStatusChange, statusChange } from './status-bus';
import { hostInfoText, metricSamples, onlineSignal, syslogRow } from './value-rows';

export class IngestBatch {
  readonly metrics = new MetricRows();
  readonly syslogs: Omit<DeviceSyslogsTable, 'id'>[] = [];
  // Last value per device, then per item (no key string built per sample).
  readonly latest = new Map<number, Map<string, DeviceLatestTable>>();
  readonly states = new Map<number, OnlineState>();
  // The newest host report per device: its structures become the `host.info` last value.
  readonly newestHost = new Map<number, Extract<AgentValue, { kind: 'host' }>>();
  readonly changes: DeviceStatusChange[] = [];
  stored = 0;
  refused = 0;

  constructor(
    /** The reporter whose batch this is (`reporter_id` of the rows). */
    private readonly reporterId: number,
    /** The batch's devices, by id, and the seq mark of each the reporter may report (moved up as values come). */
    private readonly devices: ReadonlyMap<number, IngestDevice>,
    readonly marks: Map<number, number>,
  ) {}

  /** Takes one value: refused when its device is not the reporter's, skipped when already stored. */
  add(value: AgentValue): void {
    const device = this.devices.get(Number(value.deviceId));
    const mark = device ? this.marks.get(device.id) : undefined;
    if (!device || mark === undefined) {
      this.refused++;
      return;
    }
    if (value.seq <= mark) return;
    this.marks.set(device.id, value.seq);
    this.stored++;
    if (value.kind === 'syslog') {
      const row = syslogRow(value);
      this.syslogs.push(
        Object.assign(row, { device_id: device.id, reporter_id: this.reporterId, seq: value.seq }),
      );
      return;
    }
    let deviceLatest = this.latest.get(device.id);
    if (!deviceLatest) {
      deviceLatest = new Map();
      this.latest.set(device.id, deviceLatest);
    }
    if (value.kind === 'host') {
      const newest = this.newestHost.get(device.id);
      if (!newest || newest.at <= value.at) this.newestHost.set(device.id, value);
    }
    for (const sample of metricSamples(value, device.connect_type)) {
      this.metrics.push(
        device.id,
        this.reporterId,
        value.seq,
        sample.item,
        value.at,
        sample.num,
        sample.text,
      );
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
    if (signal === null) return;
    let state = this.states.get(device.id);
    if (!state) {
      state = {
        id: device.id,
        online_status: device.online_status,
        device_online_time: device.device_online_time,
        first_online_time: device.first_online_time,
        latest_offline_time: device.latest_offline_time,
        last_seen_at: device.last_seen_at,
      };
      this.states.set(device.id, state);
    }
    const transition = applySignal(state, signal, value.at);
    if (transition) this.changes.push(statusChange(device, transition.status, transition.at));
  }
}

/**
 * Writes what `batch` collected in `trx`: history, syslogs, last values (with each device's newest
 * host report as `host.info`), the seq marks, online states and transitions. Returns the last values
 * written (what alert rules are evaluated on).
 */
export async function writeBatch(
  trx: Transaction<DB>,
  dialect: DialectName,
  batch: IngestBatch,
  reporterId: number,
): Promise<DeviceLatestTable[]> {
  await insertMetrics(trx, dialect, batch.metrics);
  await insertSyslogs(trx, dialect, batch.syslogs);
  for (const [deviceId, host] of batch.newestHost) {
    batch.latest.get(deviceId)?.set('host.info', {
      device_id: deviceId,
      item: 'host.info',
      clock: host.at,
      value_num: null,
      value_text: hostInfoText(host),
    });
  }
  const latestRows = [...batch.latest.values()].flatMap((items) => [...items.values()]);
  await upsertLatest(trx, dialect, latestRows);
  await saveSeqMarks(trx, dialect, reporterId, batch.marks);
  await saveOnlineStates(
    trx,
    dialect,
    [...batch.states.values()],
    new Set(batch.changes.map((c) => c.deviceId)),
  );
  await insertOnlineEvents(
    trx,
    batch.changes.map((c) => ({ device_id: c.deviceId, status: c.onlineStatus, at: c.at, cause: 'value' })),
  );
  return latestRows;
}

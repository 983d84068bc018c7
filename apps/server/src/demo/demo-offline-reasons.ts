/**
 * Demo offline reasons (issue 13): what store staff entered for the drops of the demo history's failing
 * devices (demo-usage.ts), so the top-reasons report (device-health-analysis) and the device pages show
 * records on first start. Each record sits on a real drop: its `drop_at` is an offline transition of its
 * device in the history, and its type fits what happened there:
 * - a multi-day outage: a hardware fault or a power cut (alternating by device);
 * - a flapping device (many short drops in the last two weeks): three of its drops, put down to the
 *   ISP/network, once to a person unplugging it, once to "other" when nobody found a cause;
 * - a store closed for some days: its box's drop before the closure, "store closed".
 * Types are the company dictionary's built-in codes (contracts OFFLINE_REASON_TYPES). A few dozen in all.
 */
import { OFFLINE_REASON_TYPES } from '@storefleet/contracts';
import type { Kysely } from 'kysely';

import type { DB } from '../db/database';
import {
  insertOfflineReasons,
  type NewOfflineReason,
} from '../modules/offline-reasons/offline-reasons.repository';

/** A device of the history and the instants of its real drops (offline transitions before seed time). */
export interface DemoFailure {
  kind: 'outage' | 'flap' | 'closure';
  device: { id: number; shop_id: number; company_id: number };
  /** Offline transitions of the device the records sit on, oldest first. */
  drops: readonly number[];
}

const HANDLERS = ['张伟', '李娜', '王强', '刘洋', '陈静'] as const;

const TEXTS: Record<string, ReadonlyArray<readonly [reason: string, treatment: string]>> = {
  hardware: [
    ['设备电源适配器损坏，无法开机', '更换电源适配器后恢复'],
    ['主板故障，设备反复重启后离线', '返厂维修，期间使用备用机'],
    ['硬盘损坏，系统无法启动', '更换硬盘并重装系统'],
  ],
  power: [
    ['商场线路检修，门店整体停电', '来电后设备自动恢复，已核对数据'],
    ['插座过载跳闸', '重新合闸并将设备改接独立插座'],
  ],
  network: [
    ['运营商宽带线路故障，网络时断时续', '报修运营商，更换光猫后恢复'],
    ['交换机端口松动导致频繁掉线', '重新插紧网线并更换端口'],
    ['门店网络带宽被占满，心跳超时', '限制非业务流量，已恢复稳定'],
  ],
  human: [['店员整理收银台时误拔电源', '重新接通电源，已提醒店员注意']],
  other: [['原因未查明，设备自行恢复', '持续观察，如再发生安排上门检查']],
  store_closed: [['门店装修闭店', '闭店期间设备断电，开业后恢复']],
};

/** The records of `failures` (deterministic: picks depend on device ids only). */
export function demoOfflineReasons(failures: readonly DemoFailure[], now: number): NewOfflineReason[] {
  const known = new Set(OFFLINE_REASON_TYPES.map((t) => t.code));
  const records: NewOfflineReason[] = [];
  const add = (failure: DemoFailure, dropAt: number, code: string, pick: number) => {
    if (!known.has(code)) throw new Error(`not a built-in offline reason type: ${code}`);
    const texts = TEXTS[code] ?? [];
    const [reason, treatment] = texts[pick % texts.length] ?? ['', ''];
    // Entered the day after the drop, by whoever handled it.
    const enteredAt = Math.min(now, dropAt + 86_400_000);
    records.push({
      company_id: failure.device.company_id,
      shop_id: failure.device.shop_id,
      device_id: failure.device.id,
      drop_at: dropAt,
      reason_type_code: code,
      reason,
      treatment_method: treatment,
      handler: HANDLERS[(failure.device.id + pick) % HANDLERS.length] ?? HANDLERS[0],
      created_at: enteredAt,
      updated_at: enteredAt,
      create_by: 'demo',
      update_by: 'demo',
    });
  };
  for (const failure of failures) {
    const { id } = failure.device;
    if (failure.kind === 'outage') {
      const drop = failure.drops.at(-1);
      if (drop !== undefined) add(failure, drop, id % 2 === 0 ? 'hardware' : 'power', id);
    } else if (failure.kind === 'closure') {
      const drop = failure.drops.at(-1);
      if (drop !== undefined) add(failure, drop, 'store_closed', id);
    } else {
      // Three drops spread over the flapping weeks: the first, one in the middle, the last.
      const { drops } = failure;
      const picked = [...new Set([0, Math.floor(drops.length / 2), drops.length - 1])].filter(
        (i) => i >= 0 && i < drops.length,
      );
      for (const [n, i] of picked.entries()) {
        const drop = drops[i];
        if (drop === undefined) continue;
        const code = n === 1 && id % 3 === 0 ? 'human' : n === 2 && id % 2 === 1 ? 'other' : 'network';
        add(failure, drop, code, id + n);
      }
    }
  }
  return records.sort((a, b) => a.drop_at - b.drop_at);
}

/** Stores the records of `failures` (inside the demo seed's transaction). */
export async function seedDemoOfflineReasons(
  db: Kysely<DB>,
  failures: readonly DemoFailure[],
  now: number,
): Promise<number> {
  const records = demoOfflineReasons(failures, now);
  await insertOfflineReasons(db, records);
  return records.length;
}

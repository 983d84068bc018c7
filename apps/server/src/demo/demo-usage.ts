/**
 * Demo usage history (issue 13, docs/decisions/usage.md): HISTORY_DAYS days of online/offline
 * transitions for every monitored demo device, then the daily usage job over those days, so the usage
 * reports and charts have real shapes on first start. Deterministic (a PRNG per device):
 * - boxes, switches and routers stay on day and night, with a rare short outage;
 * - store devices follow the store's hours: weekdays ~08:00–21:30, Saturday ~09:00–22:30, Sunday
 *   ~10:00–18:00 (back-office PCs mostly stay off on Sunday);
 * - a few stores close for 2–4 days (everything off, the box too);
 * - a few devices fail: some flap (many short drops) in the last two weeks, some have a long outage.
 * The last transition of a device still on at seed time is an offline one at `now` (the devices row says
 * offline until the simulator reports), so the history agrees with the device list.
 * The offline reasons staff entered for the failing devices' drops are seeded with it
 * (demo-offline-reasons.ts).
 */
import { MonitoredFlag, ProductType } from '@storefleet/contracts';
import type { Insertable, Kysely } from 'kysely';

import type { DB, DialectName } from '../db/database';
import type { DeviceOnlineEventsTable } from '../db/tables/monitoring';
import { runDailyUsage } from '../modules/usage/jobs/usage-daily';
import { addDays, clockOn, dayOf } from '../modules/usage/jobs/usage-days';
import { type DemoFailure, seedDemoOfflineReasons } from './demo-offline-reasons';
import {
  backdateDemoDevices,
  insertDemoTransitions,
  listDemoUsageDevices,
  stampDemoOnlineTimes,
} from './demo-usage.repository';

export const HISTORY_DAYS = 62;
const MINUTE = 60_000;
const ALWAYS_ON: ReadonlySet<number> = new Set([ProductType.AI_BOX, ProductType.SWITCH, ProductType.ROUTER]);

/** mulberry32: a small deterministic PRNG. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Span = readonly [on: number, off: number];

/** One day of the history, worked out once: its bounds and the store's opening and closing time. */
interface HistoryDay {
  day: string;
  start: number;
  end: number;
  sunday: boolean;
  open: number;
  close: number;
}

function historyDay(day: string): HistoryDay {
  const weekday = new Date(clockOn(day, '12:00')).getDay();
  // Weekdays 08:00–21:30, Saturday 09:00–22:30, Sunday 10:00–18:00.
  const [open, close] =
    weekday === 0 ? ['10:00', '18:00'] : weekday === 6 ? ['09:00', '22:30'] : ['08:00', '21:30'];
  return {
    day,
    start: clockOn(day, '00:00'),
    end: clockOn(addDays(day, 1), '00:00'),
    sunday: weekday === 0,
    open: clockOn(day, open),
    close: clockOn(day, close),
  };
}

/** The spans a device is on during `day` (before failures and closures). */
function daySpans(device: { product_id: number }, day: HistoryDay, rnd: () => number): Span[] {
  const { start, end } = day;
  if (ALWAYS_ON.has(device.product_id)) {
    if (rnd() < 0.03) {
      const down = start + Math.floor(rnd() * 20) * 3_600_000;
      return [
        [start, down],
        [down + (10 + Math.floor(rnd() * 80)) * MINUTE, end],
      ];
    }
    return [[start, end]];
  }
  if (day.sunday && device.product_id === ProductType.COMPUTER && rnd() < 0.8) return [];
  const on = day.open - 30 * MINUTE + Math.floor(rnd() * 45) * MINUTE;
  const off = day.close - 15 * MINUTE + Math.floor(rnd() * 45) * MINUTE;
  return [[on, Math.min(off, end)]];
}

/** Cuts `spans` with many short drops (a flapping device). */
function flap(spans: Span[], rnd: () => number): Span[] {
  const out: Span[] = [];
  for (const [on, off] of spans) {
    let at = on;
    while (at < off) {
      const up = at + (5 + Math.floor(rnd() * 55)) * MINUTE;
      out.push([at, Math.min(up, off)]);
      at = up + (2 + Math.floor(rnd() * 20)) * MINUTE;
    }
  }
  return out;
}

/**
 * Seeds the history, runs the daily usage job over it and adds the offline reasons of its failures
 * (inside the demo seed's transaction).
 */
export async function seedDemoUsage(db: Kysely<DB>, now: number, dialect: DialectName): Promise<void> {
  const today = dayOf(now);
  const first = addDays(today, -HISTORY_DAYS);
  await backdateDemoDevices(db, clockOn(first, '00:00') - 7 * 86_400_000);
  const devices = await listDemoUsageDevices(db);
  const shops = [...new Set(devices.map((d) => d.shop_id))];
  // A few stores close for 2–4 days somewhere in the history.
  const closures = new Map<number, Set<string>>();
  for (const [i, shopId] of shops.entries()) {
    if (i % 9 !== 4) continue;
    const rnd = random(shopId * 7919);
    const from = addDays(first, 3 + Math.floor(rnd() * (HISTORY_DAYS - 8)));
    const days = new Set<string>();
    for (let d = 0, n = 2 + Math.floor(rnd() * 3); d < n; d++) days.add(addDays(from, d));
    closures.set(shopId, days);
  }

  const history = Array.from({ length: HISTORY_DAYS + 1 }, (_, i) => historyDay(addDays(first, i)));
  const rows: Insertable<DeviceOnlineEventsTable>[] = [];
  const failures: DemoFailure[] = [];
  for (const device of devices) {
    if (device.monitored !== MonitoredFlag.MONITORED) continue;
    const rnd = random(device.id * 2654435761);
    const flapping = device.id % 41 === 7;
    const outage = device.id % 47 === 11 ? 5 + Math.floor(rnd() * (HISTORY_DAYS - 12)) : -1;
    const spans: Span[] = [];
    const closed = closures.get(device.shop_id);
    for (const [i, day] of history.entries()) {
      if (closed?.has(day.day)) continue;
      if (outage >= 0 && i >= outage && i < outage + 3 + (device.id % 5)) continue;
      const todays = daySpans(device, day, rnd);
      spans.push(...(flapping && i >= HISTORY_DAYS - 14 ? flap(todays, rnd) : todays));
    }
    // One transition per change: spans that touch (an always-on device across midnight) are joined.
    let open: [number, number] | null = null;
    /** The device's real drops: offline transitions before seed time (not the one at `now`). */
    const drops: number[] = [];
    const emit = ([on, off]: Span) => {
      if (on >= now) return;
      rows.push({ device_id: device.id, status: 1, at: on, cause: 'value' });
      rows.push({ device_id: device.id, status: 0, at: Math.min(off, now), cause: 'sweep' });
      if (off < now) drops.push(off);
    };
    for (const [on, off] of spans) {
      if (on >= off) continue;
      if (open && on <= open[1]) open[1] = Math.max(open[1], off);
      else {
        if (open) emit(open);
        open = [on, off];
      }
    }
    if (open) emit(open);
    const before = (at: number) => drops.filter((drop) => drop <= at);
    if (outage >= 0) {
      const down = before(history[outage]?.start ?? 0);
      if (down.length > 0) failures.push({ kind: 'outage', device, drops: down });
    }
    if (flapping) {
      const from = history[HISTORY_DAYS - 14]?.start ?? now;
      const flaps = drops.filter((drop) => drop >= from);
      if (flaps.length > 0) failures.push({ kind: 'flap', device, drops: flaps });
    }
    const firstClosed = closed && history.find((day) => closed.has(day.day));
    if (firstClosed && device.product_id === ProductType.AI_BOX) {
      const down = before(firstClosed.start);
      if (down.length > 0) failures.push({ kind: 'closure', device, drops: down });
    }
  }
  rows.sort((a, b) => Number(a.at) - Number(b.at));
  await insertDemoTransitions(db, rows);
  await stampDemoOnlineTimes(db);
  await runDailyUsage(db, now, {
    dialect,
    from: first,
    to: addDays(today, -1),
    batchSize: 5000,
    daysPerStatement: 31,
    pause: async () => {},
  });
  await seedDemoOfflineReasons(db, failures, now);
}

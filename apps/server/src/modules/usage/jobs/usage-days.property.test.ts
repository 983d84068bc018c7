// The set-based usage computation (usage-days.repository.ts) against a straightforward reference, on
// random transition sequences: repeated statuses (online after online), transitions stored out of
// time order (a later id with an earlier `at`), several at the same instant, at a span's edges, devices
// added inside a span, opening-hours spans and several days in one statement.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { openTestDatabase, type TestDatabase } from '../../../testing/test-database';
import {
  insertTransitions,
  insertUsageDevice,
  insertUsageStore,
} from './test-support/usage-fixture.repository';
import { addDays, dayOf, daySpan, type UsageSpan } from './usage-days';
import { computeUsageDays } from './usage-days.repository';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const day1 = addDays(dayOf(Date.now()), -5);
const day2 = addDays(day1, 1);
const t0 = daySpan(day1).start;
const t1 = daySpan(day2).start;

type Transition = readonly [at: number, status: 0 | 1];

/**
 * The definition, written out: per span [s, e) (s moved to the device's creation when later), the
 * status at s is that of the last transition at or before s in (at, insertion) order, offline when
 * none; each transition inside (s, e) starts a piece lasting until the next one or e.
 */
function reference(
  createdAt: number,
  transitions: readonly Transition[],
  spans: readonly UsageSpan[],
): { online_ms: number; base_ms: number } | null {
  const ordered = transitions.map(([at, status], id) => ({ at, status, id }));
  ordered.sort((a, b) => a.at - b.at || a.id - b.id);
  let online = 0;
  let base = 0;
  let measured = false;
  for (const span of spans) {
    const s = Math.max(span.start, createdAt);
    if (createdAt >= span.end) continue;
    measured = true;
    let status = 0;
    for (const t of ordered) if (t.at <= s) status = t.status;
    let from = s;
    for (const t of ordered) {
      if (t.at <= s || t.at >= span.end) continue;
      if (status === 1) online += t.at - from;
      status = t.status;
      from = t.at;
    }
    if (status === 1) online += span.end - from;
    base += span.end - s;
  }
  return measured && base > 0 ? { online_ms: online, base_ms: base } : null;
}

const SHAPES: Record<string, Array<{ date: string; spans: UsageSpan[] }>> = {
  wholeDay: [{ date: day1, spans: [{ start: t0, end: t1 }] }],
  openingHours: [{ date: day1, spans: [{ start: t0 + 9 * HOUR, end: t0 + 21 * HOUR }] }],
  pastMidnight: [
    {
      date: day1,
      spans: [
        { start: t0, end: t0 + 6 * HOUR },
        { start: t0 + 22 * HOUR, end: t1 },
      ],
    },
  ],
  twoDays: [
    { date: day1, spans: [{ start: t0, end: t1 }] },
    { date: day2, spans: [{ start: t1, end: daySpan(day2).end }] },
  ],
};

/** Instants on a coarse grid around the days (so ties and span edges come up often). */
const instant = fc.oneof(
  fc.integer({ min: -8, max: 200 }).map((q) => t0 + q * 15 * MINUTE),
  fc.constantFrom(t0, t0 + 6 * HOUR, t0 + 9 * HOUR, t0 + 21 * HOUR, t0 + 22 * HOUR, t1),
);
const device = fc.record({
  createdAt: fc.oneof(
    fc.constant(t0 - 10 * 24 * HOUR),
    instant,
    fc.integer({ min: 0, max: 48 * HOUR }).map((ms) => t0 + ms),
  ),
  transitions: fc.array(fc.tuple(instant, fc.constantFrom<0 | 1>(0, 1)), { maxLength: 12 }),
});

let t: TestDatabase;
let place: { companyId: number; shopId: number };

beforeAll(async () => {
  t = await openTestDatabase();
  place = await insertUsageStore(t.database.db, t0 - 30 * 24 * HOUR);
});
afterAll(() => t.cleanup());

describe('usage computation against the reference', () => {
  it('gives every device the reference online and measured time, on random transition sequences', async () => {
    const db = t.database.db;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...Object.keys(SHAPES)),
        fc.array(device, { minLength: 1, maxLength: 6 }),
        async (shape, devices) => {
          const days = SHAPES[shape] ?? [];
          const ids: number[] = [];
          for (const d of devices) {
            const id = await insertUsageDevice(db, place, d.createdAt);
            if (d.transitions.length > 0) await insertTransitions(db, id, d.transitions);
            ids.push(id);
          }
          const [first] = days;
          if (!first) throw new Error('no days');
          const rows = await computeUsageDays(db, {
            dialect: t.database.dialect,
            companyId: place.companyId,
            date: first.date,
            spans: first.spans,
            days,
            devices: { deviceIds: ids },
            now: t1,
          });
          const expected = devices.flatMap((d, i) =>
            days.flatMap(({ date, spans }) => {
              const r = reference(d.createdAt, d.transitions, spans);
              if (!r) return [];
              return [
                {
                  device_id: ids[i],
                  statistics_date: date,
                  online_ms: r.online_ms,
                  offline_ms: r.base_ms - r.online_ms,
                  base_ms: r.base_ms,
                  usage_rate: Math.floor((r.online_ms * 20000 + r.base_ms) / (2 * r.base_ms)) / 100,
                },
              ];
            }),
          );
          const got = rows.map((row) => ({
            device_id: row.device_id,
            statistics_date: row.statistics_date,
            online_ms: row.online_ms,
            offline_ms: row.offline_ms,
            base_ms: row.base_ms,
            usage_rate: row.usage_rate,
          }));
          const key = (r: { device_id?: number; statistics_date: string }) =>
            `${r.device_id}/${r.statistics_date}`;
          expect(got.sort((a, b) => key(a).localeCompare(key(b)))).toEqual(
            expected.sort((a, b) => key(a).localeCompare(key(b))),
          );
        },
      ),
      { numRuns: 60 },
    );
  });
});

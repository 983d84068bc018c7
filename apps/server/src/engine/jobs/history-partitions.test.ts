// The plan of the history day partitions (no database): which days get a partition, which are dropped
// whole, which days a company's own delete still visits.
import { describe, expect, it } from 'vitest';

import {
  companyDeleteDays,
  DAY,
  DAYS_AHEAD,
  type DayPartition,
  dayPartitionName,
  daysToCreate,
  parseDayPartition,
  partitionsToDrop,
} from './history-partitions';

const TODAY = Date.UTC(2026, 10, 27);
const NOW = TODAY + 13 * 3_600_000;
const day = (offset: number): DayPartition => {
  const from = TODAY + offset * DAY;
  return { name: dayPartitionName('device_metrics', from), from, to: from + DAY };
};
const days = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => day(from + i));
const offsets = (starts: readonly number[]) => starts.map((start) => (start - TODAY) / DAY);

describe('day partitions', () => {
  it('names a partition after its UTC day and reads its bounds back from the catalog', () => {
    expect(dayPartitionName('device_syslogs', TODAY)).toBe('device_syslogs_p20261127');
    expect(
      parseDayPartition('device_metrics_p20261127', `FOR VALUES FROM ('${TODAY}') TO ('${TODAY + DAY}')`),
    ).toEqual(day(0));
    expect(parseDayPartition('device_metrics_default', 'DEFAULT')).toBeNull();
    expect(parseDayPartition('x', "FOR VALUES FROM (MINVALUE) TO ('0')")).toBeNull();
  });

  it('creates today through a week ahead on a database without partitions', () => {
    expect(offsets(daysToCreate([], NOW, { keepFrom: -Infinity }))).toEqual(
      Array.from({ length: DAYS_AHEAD + 1 }, (_, i) => i),
    );
  });

  it('creates only the next day when the week ahead is there but for it', () => {
    expect(offsets(daysToCreate(days(-30, DAYS_AHEAD - 1), NOW, { keepFrom: TODAY - 90 * DAY }))).toEqual([
      DAYS_AHEAD,
    ]);
    expect(daysToCreate(days(-30, DAYS_AHEAD), NOW, { keepFrom: TODAY - 90 * DAY })).toEqual([]);
  });

  it('makes the days missed after a pause longer than the week ahead, but does not fill older gaps', () => {
    const existing = [day(-400), ...days(-30, -12)];
    expect(offsets(daysToCreate(existing, NOW, { keepFrom: -Infinity }))).toEqual(
      Array.from({ length: 12 + DAYS_AHEAD }, (_, i) => i - 11),
    );
  });

  it('goes back to `since` when asked, never before the longest period', () => {
    expect(offsets(daysToCreate([], NOW, { keepFrom: TODAY - 3 * DAY, since: NOW - 10 * DAY }))[0]).toBe(-3);
    expect(offsets(daysToCreate([], NOW, { keepFrom: -Infinity, since: NOW - 10 * DAY }))[0]).toBe(-10);
  });

  it('drops the days that end by the longest period’s day, and only those', () => {
    const existing = days(-100, 7);
    expect(partitionsToDrop(existing, TODAY - 90 * DAY).map((p) => p.from)).toEqual(
      days(-100, -91).map((p) => p.from),
    );
  });

  it('visits a company’s days between the longest period and its own once, then only the new ones', () => {
    const existing = days(-90, 7);
    const keepFrom = TODAY - 90 * DAY;
    const first = companyDeleteDays(existing, { keepFrom, doneBefore: null, cutoff: NOW - 7 * DAY });
    expect(first.map((p) => p.from)).toEqual(days(-90, -8).map((p) => p.from));
    // A day later: only the day that has just passed.
    const next = companyDeleteDays(existing, {
      keepFrom,
      doneBefore: TODAY - 7 * DAY,
      cutoff: NOW - 6 * DAY,
    });
    expect(next.map((p) => p.from)).toEqual([day(-7).from]);
    // A longer period than the day done: nothing.
    expect(
      companyDeleteDays(existing, { keepFrom, doneBefore: TODAY - 7 * DAY, cutoff: NOW - 30 * DAY }),
    ).toEqual([]);
  });
});

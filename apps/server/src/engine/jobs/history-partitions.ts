/**
 * Day partitions of raw history and syslog on PostgreSQL (docs/decisions/operations.md "Retention at
 * scale"): the pure half. `device_metrics` is range-partitioned on `clock`, `device_syslogs` on
 * `log_datetime`, one partition per UTC day (`device_metrics_p20261127`), plus a DEFAULT partition that
 * takes a row no day partition covers. Which days to create, which partitions to drop and which days a
 * company's own delete still has to visit are decided here; history-partitions.repository.ts does the DDL.
 */

export const DAY = 86_400_000;
/** Days after today that always have a partition: ingest must never need one that is missing. */
export const DAYS_AHEAD = 7;

/** The partitioned history tables and their partition key. */
export const HISTORY_TABLES = {
  device_metrics: 'clock',
  device_syslogs: 'log_datetime',
} as const;
export type HistoryTable = keyof typeof HISTORY_TABLES;

/** One day partition: rows with from ≤ time < to. */
export interface DayPartition {
  name: string;
  from: number;
  to: number;
}

/** Start (UTC midnight, epoch ms) of the day holding `at`. */
export function dayStart(at: number): number {
  return Math.floor(at / DAY) * DAY;
}

/** `device_metrics_p20261127`: the partition of the UTC day starting at `day`. */
export function dayPartitionName(table: HistoryTable, day: number): string {
  return `${table}_p${new Date(day).toISOString().slice(0, 10).replaceAll('-', '')}`;
}

/** The DEFAULT partition of `table`: rows outside every day partition (normally none). */
export function defaultPartitionName(table: HistoryTable): string {
  return `${table}_default`;
}

const RANGE_BOUND = /^FOR VALUES FROM \('(-?\d+)'\) TO \('(-?\d+)'\)$/;

/**
 * A partition as the catalog describes it (`pg_get_expr(relpartbound)`), when it is a range of plain
 * numbers; null for DEFAULT and for MINVALUE/MAXVALUE ranges (never dropped nor planned around).
 */
export function parseDayPartition(name: string, bound: string): DayPartition | null {
  const match = RANGE_BOUND.exec(bound);
  if (!match) return null;
  return { name, from: Number(match[1]), to: Number(match[2]) };
}

/**
 * Day starts to create, oldest first, so every day from where the partitions end (or today; or
 * `since` when earlier) through DAYS_AHEAD days after `now` has a partition: after a pause longer than
 * the week made ahead, the days missed are made too. Days before `keepFrom` are not created (they
 * would be dropped at once), nor days another partition overlaps. Older days without a partition are
 * left so: their rows, if any, stay in the DEFAULT partition, which retention deletes row by row.
 */
export function daysToCreate(
  existing: readonly DayPartition[],
  now: number,
  options: { keepFrom: number; since?: number },
): number[] {
  const today = dayStart(now);
  const ended = existing.filter((p) => p.to <= today).map((p) => dayStart(p.to));
  const resume = ended.length === 0 ? today : Math.max(...ended);
  const since = options.since === undefined ? today : dayStart(options.since);
  const first = Math.max(dayStart(options.keepFrom), Math.min(today, since, resume));
  const days: number[] = [];
  for (let day = first; day <= today + DAYS_AHEAD * DAY; day += DAY) {
    if (!existing.some((p) => p.from < day + DAY && p.to > day)) days.push(day);
  }
  return days;
}

/** Partitions whose every row is older than `keepFrom` (the longest retention's day): dropped whole. */
export function partitionsToDrop(existing: readonly DayPartition[], keepFrom: number): DayPartition[] {
  return existing.filter((p) => p.to <= keepFrom).sort((a, b) => a.from - b.from);
}

/**
 * The partitions one company's delete visits, oldest first: wholly before its own cutoff's day
 * (`cutoff`), not dropped (from `keepFrom` on), and not visited by an earlier run (from `doneBefore`
 * on). Rows go by whole days, as the dropped partitions do: a day goes once all of it is past the
 * company's retention.
 */
export function companyDeleteDays(
  existing: readonly DayPartition[],
  range: { keepFrom: number; doneBefore: number | null; cutoff: number },
): DayPartition[] {
  const from = Math.max(range.keepFrom, range.doneBefore ?? range.keepFrom);
  const to = dayStart(range.cutoff);
  return existing.filter((p) => p.from >= from && p.to <= to).sort((a, b) => a.from - b.from);
}

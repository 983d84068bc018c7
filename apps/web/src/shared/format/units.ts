/**
 * Values in units people read (issue 10): bytes as KB/MB/GB, uptime as days and hours, rates as
 * Kbps/Mbps (spec §9 bandwidth display: bytes per second ÷ 128 ÷ 1024 = Mbps, 2 decimals),
 * percentages with one decimal. Pure: the words of the uptime come from the caller's locale.
 */

const BYTE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB', 'PB'] as const;
const RATE_UNITS = ['Kbps', 'Mbps', 'Gbps'] as const;

/** A number with at most `digits` decimals, trailing zeros kept (so a column lines up). */
const fixed = (value: number, digits: number) => value.toFixed(digits);

/** Bytes as B/KB/MB/GB/TB (1024 steps), one decimal above bytes: `1536` → `1.5 KB`. */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes)) return '-';
  let value = Math.abs(bytes);
  let unit = 0;
  while (value >= 1024 && unit < BYTE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const sign = bytes < 0 ? '-' : '';
  return unit === 0 ? `${sign}${Math.round(value)} B` : `${sign}${fixed(value, 1)} ${BYTE_UNITS[unit]}`;
}

/** Kibibytes (what `df -k` and /proc/meminfo print) as a readable size: `2048` → `2.0 MB`. */
export function formatKibibytes(kib: number): string {
  return formatBytes(kib * 1024);
}

/** Spec §9: a byte rate (bytes per second) in Mbps — divided by 128 (to Kbps) and by 1024. */
export function bytesPerSecondToMbps(bytesPerSecond: number): number {
  return bytesPerSecond / 128 / 1024;
}

/** A rate given in Mbps, as Kbps below 1 Mbps and Gbps from 1024 Mbps, 2 decimals (spec §9). */
export function formatMbps(mbps: number): string {
  if (!Number.isFinite(mbps)) return '-';
  let value = mbps * 1024;
  let unit = 0;
  while (Math.abs(value) >= 1024 && unit < RATE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${fixed(value, 2)} ${RATE_UNITS[unit]}`;
}

/** A percentage with one decimal: `42.345` → `42.3%`. */
export function formatPercent(percent: number): string {
  if (!Number.isFinite(percent)) return '-';
  return `${fixed(percent, 1)}%`;
}

/** The words of a duration in the reader's language: `days(3)` → `3 d` / `3天`. */
export interface DurationWords {
  days: (count: number) => string;
  hours: (count: number) => string;
  minutes: (count: number) => string;
}

/**
 * A duration in seconds as days and hours (`3 d 4 h`), hours and minutes under a day, minutes under
 * an hour; the two largest parts only, since an uptime is read at a glance.
 */
export function formatUptime(seconds: number, words: DurationWords): string {
  if (!Number.isFinite(seconds) || seconds < 0) return '-';
  const total = Math.floor(seconds / 60);
  const days = Math.floor(total / 1440);
  const hours = Math.floor((total % 1440) / 60);
  const minutes = total % 60;
  if (days > 0) return `${words.days(days)} ${words.hours(hours)}`;
  if (hours > 0) return `${words.hours(hours)} ${words.minutes(minutes)}`;
  return words.minutes(minutes);
}

/**
 * A running item's value in readable units, by the unit the server names for the item: `B` bytes,
 * `s` durations, `Mbps` rates, `%` percentages. Anything else (or a value that is not a number, which
 * is device text) is shown as it came, with its unit.
 */
export function formatItemValue(value: string, units: string, words: DurationWords): string {
  if (value.trim() === '') return '-';
  const number = Number(value);
  if (Number.isFinite(number)) {
    switch (units) {
      case 'B':
        return formatBytes(number);
      case 's':
        return formatUptime(number, words);
      case 'Mbps':
        return formatMbps(number);
      case '%':
        return formatPercent(number);
      default:
        break;
    }
  }
  return units ? `${value} ${units}` : value;
}

/**
 * How a chart of an item scales its numbers and names its axis: bytes in MB, durations in hours,
 * others as they are.
 */
export function chartScaleOf(units: string): { axisUnit: string; scale: (value: number) => number } {
  switch (units) {
    case 'B':
      return { axisUnit: 'MB', scale: (v) => v / 1024 / 1024 };
    case 's':
      return { axisUnit: 'h', scale: (v) => v / 3600 };
    default:
      return { axisUnit: units, scale: (v) => v };
  }
}

/**
 * The anomaly score (pure, no I/O; docs/decisions/forecast.md "Anomaly"). Each device's or store's daily
 * usage is compared with its own past and with its peers:
 *
 * - own: the expected value of a day is the median of the same weekday over the previous weeks (up to
 *   six); the scale is the robust spread of the history's residuals (1.4826 × MAD, at least 2 points).
 *   `ownZ` = the mean drop of the last 7 days below expected, in scales (0 when usage rose).
 * - peers: `peerRank` = the share of peers (same query, same categoryType) whose last-7-day mean usage
 *   is higher (0 the best used, 1 the least used).
 * - score = 100 × (0.75 × (1 − e^(−ownZ/2)) + 0.25 × peerRank), 0–100: a sudden drop dominates, a
 *   steadily low user among busier peers adds a little.
 */

export const RECENT_DAYS = 7;
const WEEKS_BACK = 6;
const SCALE_FLOOR = 2;
/** A day whose drop is this many scales below expected is flagged on the chart. */
export const DAY_FLAG_Z = 3;

const median = (xs: readonly number[]): number => {
  if (xs.length === 0) return Number.NaN;
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] ?? 0) : ((s[mid - 1] ?? 0) + (s[mid] ?? 0)) / 2;
};

/** Per day: the median of the same weekday in the previous weeks (null without any). */
export function seasonalBaseline(values: readonly (number | null)[], season = 7): (number | null)[] {
  return values.map((_, t) => {
    const past: number[] = [];
    for (let k = 1; k <= WEEKS_BACK; k++) {
      const v = values[t - k * season];
      if (v !== null && v !== undefined) past.push(v);
    }
    return past.length > 0 ? median(past) : null;
  });
}

export interface OwnDrop {
  ownZ: number;
  recentMean: number;
  expectedMean: number;
  /** Per day: the drop below expected in scales (null without a baseline or a value). */
  dailyZ: (number | null)[];
  expected: (number | null)[];
}

/** How far the last RECENT_DAYS fell below the series' own weekly baseline. */
export function ownDrop(values: readonly (number | null)[]): OwnDrop {
  const expected = seasonalBaseline(values);
  const cut = values.length - RECENT_DAYS;
  const residuals: number[] = [];
  for (let t = 0; t < cut; t++) {
    const v = values[t];
    const e = expected[t];
    if (v !== null && v !== undefined && e !== null && e !== undefined) residuals.push(v - e);
  }
  const center = residuals.length ? median(residuals) : 0;
  const mad = residuals.length ? median(residuals.map((r) => Math.abs(r - center))) : 0;
  const scale = Math.max(SCALE_FLOOR, 1.4826 * mad);
  const dailyZ = values.map((v, t) => {
    const e = expected[t];
    return v === null || v === undefined || e === null || e === undefined ? null : (e - v) / scale;
  });
  const recent: number[] = [];
  const recentExpected: number[] = [];
  for (let t = Math.max(0, cut); t < values.length; t++) {
    const v = values[t];
    const e = expected[t];
    if (v === null || v === undefined) continue;
    recent.push(v);
    recentExpected.push(e ?? v);
  }
  const recentMean = recent.length ? recent.reduce((s, x) => s + x, 0) / recent.length : 0;
  const expectedMean = recentExpected.length
    ? recentExpected.reduce((s, x) => s + x, 0) / recentExpected.length
    : 0;
  return {
    ownZ: Math.max(0, (expectedMean - recentMean) / scale),
    recentMean,
    expectedMean,
    dailyZ,
    expected,
  };
}

/** For each value, the share of the others that are higher (0–1; 0 for a lone series). */
export function peerRanks(recentMeans: readonly number[]): number[] {
  const n = recentMeans.length;
  if (n <= 1) return recentMeans.map(() => 0);
  return recentMeans.map((x) => recentMeans.filter((y) => y > x).length / (n - 1));
}

/** The combined score, 0–100, one decimal. */
export function anomalyScore(ownZ: number, peerRank: number): number {
  const raw = 100 * (0.75 * (1 - Math.exp(-ownZ / 2)) + 0.25 * peerRank);
  return Math.round(raw * 10) / 10;
}

export interface ScoredSeries {
  ownZ: number;
  peerRank: number;
  recentMean: number;
  expectedMean: number;
  score: number;
}

/** Scores every series against its own past and the others (its peers). */
export function scoreSeries(series: readonly (readonly (number | null)[])[]): ScoredSeries[] {
  const drops = series.map(ownDrop);
  const ranks = peerRanks(drops.map((d) => d.recentMean));
  return drops.map((d, i) => ({
    ownZ: d.ownZ,
    peerRank: ranks[i] ?? 0,
    recentMean: d.recentMean,
    expectedMean: d.expectedMean,
    score: anomalyScore(d.ownZ, ranks[i] ?? 0),
  }));
}

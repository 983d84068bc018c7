// Backtests of the forecast model and the anomaly score on simulated series with a known weekly
// season (seeded, so every run sees the same series): the forecast beats seasonal-naive (MASE < 1),
// its 80% interval covers 70–90% of the held-out days, and injected drops rank above every normal
// series. The figures are printed (and quoted in the README, "Anomaly and forecast").
import { describe, expect, it } from 'vitest';

import { anomalyScore, ownDrop, peerRanks, scoreSeries, seasonalBaseline } from './anomaly-score';
import { forecastSeries, maseAgainstNaive, quantile, seasonalNaive } from './forecast-model';

/** mulberry32: a small seeded generator. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Standard normal by Box–Muller. */
function gauss(r: () => number): number {
  return Math.sqrt(-2 * Math.log(r() || 1e-12)) * Math.cos(2 * Math.PI * r());
}

/** A usage-rate series: a level, a weekday shape (weekends busier or quieter), a slow drift, noise. */
function usageSeries(seed: number, days: number): number[] {
  const r = rng(seed);
  const level = 45 + r() * 30;
  const shape = Array.from({ length: 7 }, () => (r() - 0.5) * 30);
  const drift = (r() - 0.5) * 0.2;
  const noise = 3 + r() * 4;
  return Array.from({ length: days }, (_, t) =>
    Math.min(100, Math.max(0, level + (shape[t % 7] ?? 0) + drift * t + noise * gauss(r))),
  );
}

const HISTORY = 56;
const HORIZON = 14;
const SERIES = 24;

describe('forecast backtest (weekly season, 56 days history, 14 held out, 24 series)', () => {
  const results = Array.from({ length: SERIES }, (_, i) => {
    const y = usageSeries(1000 + i, HISTORY + HORIZON);
    const train = y.slice(0, HISTORY);
    const test = y.slice(HISTORY);
    const f = forecastSeries(train, HORIZON, { min: 0, max: 100 });
    const naive = seasonalNaive(train, HORIZON);
    const covered = test.filter((v, h) => v >= (f.lower[h] ?? 0) && v <= (f.upper[h] ?? 0)).length;
    return { mase: maseAgainstNaive(test, f.point, naive), covered, test, f, naive };
  });
  const totalMase = maseAgainstNaive(
    results.flatMap((r) => r.test),
    results.flatMap((r) => r.f.point),
    results.flatMap((r) => r.naive),
  );
  const coverage = results.reduce((s, r) => s + r.covered, 0) / (SERIES * HORIZON);
  console.log(
    `forecast backtest: MASE vs seasonal-naive ${totalMase.toFixed(3)} (per series median ${quantile(
      results.map((r) => r.mase),
      0.5,
    ).toFixed(3)}, worst ${Math.max(...results.map((r) => r.mase)).toFixed(3)}); 80% interval coverage ${(
      coverage * 100
    ).toFixed(1)}% of ${SERIES * HORIZON} held-out days`,
  );

  it('beats the seasonal-naive forecast (MASE < 1 over all held-out days)', () => {
    expect(totalMase).toBeLessThan(1);
    // And on most series one by one.
    expect(results.filter((r) => r.mase < 1).length).toBeGreaterThanOrEqual(SERIES * 0.75);
  });

  it('covers 70–90% of the held-out days with its 80% interval', () => {
    expect(coverage).toBeGreaterThanOrEqual(0.7);
    expect(coverage).toBeLessThanOrEqual(0.9);
  });

  it('keeps rates inside 0–100 and the interval around the point', () => {
    const f = forecastSeries(
      [...Array(30)].map((_, t) => (t % 7 === 0 ? 100 : 98)),
      7,
      { min: 0, max: 100 },
    );
    for (let h = 0; h < 7; h++) {
      expect(f.upper[h]).toBeLessThanOrEqual(100);
      expect(f.lower[h]).toBeLessThanOrEqual(f.point[h] ?? 0);
      expect(f.upper[h]).toBeGreaterThanOrEqual(f.point[h] ?? 0);
    }
  });

  it('falls back to seasonal-naive on a short history', () => {
    const f = forecastSeries([10, 20, 30, 40, 50, 60, 70, 15, 25], 3);
    expect(f.point).toEqual([30, 40, 50]);
  });
});

describe('anomaly score backtest (30 normal series, 3 with an injected drop in the last week)', () => {
  const DAYS = 56;
  const normal = Array.from({ length: 30 }, (_, i) => usageSeries(5000 + i, DAYS));
  const injected = [
    // An outage: two whole days at zero.
    usageSeries(7001, DAYS).map((v, t) => (t >= DAYS - 3 && t < DAYS - 1 ? 0 : v)),
    // A device used 20 points less all week.
    usageSeries(7002, DAYS).map((v, t) => (t >= DAYS - 7 ? Math.max(0, v - 20) : v)),
    // A store half closed for four days.
    usageSeries(7003, DAYS).map((v, t) => (t >= DAYS - 4 ? v * 0.5 : v)),
  ];
  const scored = scoreSeries([...normal, ...injected]);
  const normalScores = scored.slice(0, normal.length).map((s) => s.score);
  const injectedScores = scored.slice(normal.length).map((s) => s.score);
  console.log(
    `anomaly backtest: injected scores ${injectedScores.join(', ')}; normal max ${Math.max(...normalScores)}, median ${quantile(normalScores, 0.5)}`,
  );

  it('ranks every injected anomaly above every normal series', () => {
    expect(Math.min(...injectedScores)).toBeGreaterThan(Math.max(...normalScores));
  });

  it('builds the baseline from the same weekday and flags the dropped days', () => {
    const week = [10, 20, 30, 40, 50, 60, 70];
    const values = [...week, ...week, ...week, 10, 20, 30, 0, 50, 60, 70];
    expect(seasonalBaseline(values)[21]).toBe(10);
    const drop = ownDrop(values);
    expect(drop.dailyZ[24]).toBeGreaterThanOrEqual(3);
    expect(drop.dailyZ[23]).toBe(0);
    expect(drop.ownZ).toBeGreaterThan(0);
  });

  it('ranks peers by recent usage and bounds the score', () => {
    expect(peerRanks([90, 50, 10])).toEqual([0, 0.5, 1]);
    expect(anomalyScore(0, 0)).toBe(0);
    expect(anomalyScore(1000, 1)).toBe(100);
  });
});

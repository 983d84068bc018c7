/**
 * The forecast model (pure, no I/O; docs/decisions/forecast.md "Forecast"): Holt-Winters additive with a
 * damped trend and a weekly season, its smoothing weights picked by grid search on one-step error, and
 * an 80% prediction interval per horizon from the model's own h-step errors over its history (empirical
 * 10% and 90% quantiles), so the band is as wide as the model actually misses on this series.
 */

/** A forecast: point and interval per day ahead (index 0 is tomorrow). */
export interface Forecast {
  point: number[];
  lower: number[];
  upper: number[];
}

export interface ForecastOptions {
  /** Season length in days (7: weekly). */
  season?: number;
  /** Interval coverage (0.8: the 10%–90% quantiles). */
  coverage?: number;
  /** Values are clamped into [min, max] (rates: 0–100). */
  min?: number;
  max?: number;
}

interface Params {
  alpha: number;
  beta: number;
  gamma: number;
  phi: number;
}

interface State {
  level: number;
  trend: number;
  /** Seasonal terms indexed by time; `season[t]` is the term of day t. */
  season: number[];
}

const ALPHAS = [0.05, 0.1, 0.2, 0.3, 0.5];
const BETAS = [0, 0.05, 0.15];
const GAMMAS = [0.05, 0.1, 0.2, 0.35];
const PHI = 0.9;

const mean = (xs: readonly number[]) => xs.reduce((s, x) => s + x, 0) / Math.max(1, xs.length);

/** The q-quantile (0–1) of `xs` by linear interpolation. */
export function quantile(xs: readonly number[], q: number): number {
  if (xs.length === 0) return 0;
  const s = [...xs].sort((a, b) => a - b);
  const pos = (s.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return (s[lo] ?? 0) + ((s[hi] ?? 0) - (s[lo] ?? 0)) * (pos - lo);
}

/** Sum of phi^1..phi^h: how much of the trend an h-step forecast carries. */
function damped(phi: number, h: number): number {
  let sum = 0;
  let p = 1;
  for (let i = 0; i < h; i++) {
    p *= phi;
    sum += p;
  }
  return sum;
}

/**
 * Runs the smoother over `y`, calling `visit(t, state)` after each day t ≥ 2m−1 with the state that
 * forecasts day t+1 onwards; returns the one-step squared error from day 2m on.
 */
function run(y: readonly number[], m: number, p: Params, visit?: (t: number, s: State) => void): number {
  const first = y.slice(0, m);
  const second = y.slice(m, 2 * m);
  let level = mean(second);
  let trend = (mean(second) - mean(first)) / m;
  const season: number[] = [];
  for (let i = 0; i < m; i++) season[i] = ((y[i] ?? 0) - mean(first) + (y[i + m] ?? 0) - mean(second)) / 2;
  for (let i = m; i < 2 * m; i++) season[i] = season[i - m] ?? 0;
  let sse = 0;
  visit?.(2 * m - 1, { level, trend, season });
  for (let t = 2 * m; t < y.length; t++) {
    const yt = y[t] ?? 0;
    const s = season[t - m] ?? 0;
    const f = level + p.phi * trend + s;
    sse += (yt - f) ** 2;
    const newLevel = p.alpha * (yt - s) + (1 - p.alpha) * (level + p.phi * trend);
    trend = p.beta * (newLevel - level) + (1 - p.beta) * p.phi * trend;
    level = newLevel;
    season[t] = p.gamma * (yt - level) + (1 - p.gamma) * s;
    visit?.(t, { level, trend, season });
  }
  return sse;
}

/** The h-step forecast (h ≥ 1) from the state after day t. */
function ahead(s: State, t: number, m: number, phi: number, h: number): number {
  const k = Math.floor((h - 1) / m) + 1;
  return s.level + damped(phi, h) * s.trend + (s.season[t + h - k * m] ?? 0);
}

/** Seasonal-naive forecast: each day repeats the same weekday of the last season. */
export function seasonalNaive(y: readonly number[], horizon: number, season = 7): number[] {
  return Array.from({ length: horizon }, (_, i) => y[y.length - season + (i % season)] ?? y.at(-1) ?? 0);
}

/** Forecasts `horizon` days after `y` (oldest first) with an interval; needs two seasons, else seasonal-naive ± spread. */
export function forecastSeries(
  y: readonly number[],
  horizon: number,
  options: ForecastOptions = {},
): Forecast {
  const m = options.season ?? 7;
  const tail = (1 - (options.coverage ?? 0.8)) / 2;
  const clamp = (v: number) =>
    Math.min(options.max ?? Number.POSITIVE_INFINITY, Math.max(options.min ?? Number.NEGATIVE_INFINITY, v));
  if (y.length < 2 * m + 2) {
    const naive = seasonalNaive(y, horizon, Math.min(m, Math.max(1, y.length)));
    const spread = y.length > 1 ? quantile(y, 1 - tail) - quantile(y, tail) : 0;
    return {
      point: naive.map(clamp),
      lower: naive.map((v) => clamp(v - spread / 2)),
      upper: naive.map((v) => clamp(v + spread / 2)),
    };
  }
  let best: Params = { alpha: 0.2, beta: 0, gamma: 0.1, phi: PHI };
  let bestSse = Number.POSITIVE_INFINITY;
  for (const alpha of ALPHAS)
    for (const beta of BETAS)
      for (const gamma of GAMMAS) {
        const p = { alpha, beta, gamma, phi: PHI };
        const sse = run(y, m, p);
        if (sse < bestSse) {
          bestSse = sse;
          best = p;
        }
      }
  // The model's h-step errors over its own history, per horizon.
  const errors: number[][] = Array.from({ length: horizon }, () => []);
  let final: State | undefined;
  run(y, m, best, (t, s) => {
    for (let h = 1; h <= horizon && t + h < y.length; h++)
      errors[h - 1]?.push((y[t + h] ?? 0) - ahead(s, t, m, best.phi, h));
    if (t === y.length - 1) final = { level: s.level, trend: s.trend, season: [...s.season] };
  });
  const state = final ?? { level: mean(y), trend: 0, season: [] };
  const point: number[] = [];
  const lower: number[] = [];
  const upper: number[] = [];
  let known = 0;
  for (let h = 1; h <= horizon; h++) {
    const f = ahead(state, y.length - 1, m, best.phi, h);
    if ((errors[h - 1]?.length ?? 0) >= 8) known = h;
    // Too few errors this far ahead: the farthest horizon with enough, widened by sqrt(h / h').
    const base = known > 0 ? (errors[known - 1] ?? []) : (errors[0] ?? []);
    const widen = known > 0 ? Math.sqrt(h / known) : Math.sqrt(h);
    // The conformal finite-sample correction: with n errors, the (1 − tail)(n + 1)/n quantile.
    const level = Math.min(1, ((1 - tail) * (base.length + 1)) / Math.max(1, base.length));
    point.push(clamp(f));
    lower.push(clamp(f + quantile(base, 1 - level) * widen));
    upper.push(clamp(f + quantile(base, level) * widen));
  }
  return { point, lower, upper };
}

/** MAE of `forecast` over MAE of `naive` against `actual`: below 1 beats seasonal-naive. */
export function maseAgainstNaive(
  actual: readonly number[],
  forecast: readonly number[],
  naive: readonly number[],
): number {
  let model = 0;
  let base = 0;
  for (let i = 0; i < actual.length; i++) {
    model += Math.abs((actual[i] ?? 0) - (forecast[i] ?? 0));
    base += Math.abs((actual[i] ?? 0) - (naive[i] ?? 0));
  }
  return base === 0 ? (model === 0 ? 0 : Number.POSITIVE_INFINITY) : model / base;
}

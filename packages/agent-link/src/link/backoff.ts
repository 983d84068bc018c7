export interface BackoffOptions {
  /** First retry delay, ms (default 1000). */
  baseMs?: number;
  /** Longest delay, ms (default 60,000). */
  capMs?: number;
  random?: () => number;
}

/**
 * Delay before reconnect attempt `attempt` (0-based): exponential growth capped at `capMs`, with "equal
 * jitter" (half fixed, half random) so a thousand boxes that lost the server together do not all come
 * back in the same second, yet none retries sooner than half its step.
 */
export function backoffDelay(attempt: number, options: BackoffOptions = {}): number {
  const base = options.baseMs ?? 1000;
  const cap = options.capMs ?? 60_000;
  const random = options.random ?? Math.random;
  const step = Math.min(cap, base * 2 ** Math.min(attempt, 30));
  return Math.round(step / 2 + random() * (step / 2));
}

/** HTTP load with autocannon, keeping every response time so percentiles are exact (p95 included). */
import autocannon from 'autocannon';

export interface LoadFigures {
  requests: number;
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  /** Replies that were not 2xx, plus socket errors and timeouts. */
  failures: number;
}

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] ?? 0;
}

/** `connections` keep-alive connections hammering `url` for `seconds`. */
export function load(
  url: string,
  headers: Record<string, string>,
  connections: number,
  seconds: number,
): Promise<LoadFigures> {
  const times: number[] = [];
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      { url, headers, connections, duration: seconds, timeout: 30 },
      (error, result) => {
        if (error) return reject(error);
        times.sort((a, b) => a - b);
        resolve({
          requests: times.length,
          perSecond: times.length / result.duration,
          p50: percentile(times, 50),
          p95: percentile(times, 95),
          p99: percentile(times, 99),
          max: times.at(-1) ?? 0,
          failures: result.non2xx + result.errors + result.timeouts,
        });
      },
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => times.push(responseTime));
  });
}

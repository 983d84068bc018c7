/**
 * A server node's own figures over a benchmark window, from its `/metrics` (Prometheus text, open while
 * `METRICS_TOKEN` is unset): results frames acked and the hub's ack time (a frame's arrival, the wait
 * for an ingest slot included, to its ack), and the scheduled jobs' time. Read at the window's start
 * and end; the difference is the window's.
 */

/** Every sample line of a scrape: `name{labels}` → value. */
export async function scrapeMetrics(baseUrl: string): Promise<Map<string, number>> {
  const text = await (await fetch(`${baseUrl}/metrics`)).text();
  const samples = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const space = line.lastIndexOf(' ');
    samples.set(line.slice(0, space), Number(line.slice(space + 1)));
  }
  return samples;
}

export interface NodeWindow {
  linksOpen: number;
  batches: number;
  ackSecondsSum: number;
  /** Seconds the scheduled jobs ran in the window, by job. */
  jobSeconds: Map<string, number>;
}

/** The window's figures of one node from its scrapes at the start and the end. */
export function nodeWindow(start: Map<string, number>, end: Map<string, number>): NodeWindow {
  const delta = (name: string) => (end.get(name) ?? 0) - (start.get(name) ?? 0);
  const jobSeconds = new Map<string, number>();
  for (const [name, value] of end) {
    const match = /^storefleet_job_duration_seconds_sum\{.*job="([^"]+)"/.exec(name);
    if (match?.[1])
      jobSeconds.set(match[1], (jobSeconds.get(match[1]) ?? 0) + value - (start.get(name) ?? 0));
  }
  return {
    linksOpen: start.get('storefleet_links_open') ?? Number.NaN,
    batches: delta('storefleet_ingest_batches_total'),
    ackSecondsSum: delta('storefleet_ingest_ack_seconds_sum'),
    jobSeconds,
  };
}

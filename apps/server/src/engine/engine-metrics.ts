/**
 * What the people who run Storefleet watch (issue 15, docs/decisions/operations.md): one prom-client
 * registry per app, served as `/metrics` in the Prometheus text format by http/operations.ts. The
 * engine's parts count what they do here (the hub its values, batches, acks, links and commands; the
 * jobs their durations; the notifier what it sent and failed); what lives in the database (the
 * notifications still queued) or in another object (open links, the database pool) is read when
 * scraped, through `gaugeOf`. One registry per app, not prom-client's global one, so several apps in
 * one process (the tests) keep their own figures.
 */
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/** Buckets in seconds from 1 ms to 30 s: acks, requests and jobs all fall in this range. */
const SECONDS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

export class EngineMetrics {
  readonly registry = new Registry();
  private processMetrics = false;

  readonly ingestValues = new Counter({
    name: 'storefleet_ingest_values_total',
    help: 'Values received from box and device agents (stored or set aside), since the process started',
    registers: [this.registry],
  });
  readonly ingestBatches = new Counter({
    name: 'storefleet_ingest_batches_total',
    help: 'Results frames received from agents and acknowledged',
    registers: [this.registry],
  });
  readonly ackSeconds = new Histogram({
    name: 'storefleet_ingest_ack_seconds',
    help: 'From a results frame reaching the hub (waiting for an ingest slot included) to its ack',
    buckets: SECONDS,
    registers: [this.registry],
  });
  readonly commandsInFlight = new Gauge({
    name: 'storefleet_box_commands_in_flight',
    help: 'Commands sent to boxes (ping, config, net test, upgrade) waiting for their answer',
    registers: [this.registry],
  });
  readonly alertRecordsOpened = new Counter({
    name: 'storefleet_alert_records_opened_total',
    help: 'Alert records opened by ingest or the offline sweep',
    registers: [this.registry],
  });
  readonly notificationsSent = new Counter({
    name: 'storefleet_notifications_sent_total',
    help: 'Alert notifications delivered, by channel',
    labelNames: ['channel'] as const,
    registers: [this.registry],
  });
  readonly notificationsFailed = new Counter({
    name: 'storefleet_notifications_failed_total',
    help: 'Alert notification attempts that failed (retried later or given up), by channel',
    labelNames: ['channel'] as const,
    registers: [this.registry],
  });
  readonly jobSeconds = new Histogram({
    name: 'storefleet_job_duration_seconds',
    help: 'Duration of the scheduled jobs (offline sweep, history roll-up and retention, daily usage)',
    labelNames: ['job', 'outcome'] as const,
    buckets: SECONDS,
    registers: [this.registry],
  });
  readonly httpSeconds = new Histogram({
    name: 'storefleet_http_request_seconds',
    help: 'HTTP request latency by route (the route pattern, not the URL) and status code',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: SECONDS,
    registers: [this.registry],
  });

  /**
   * A gauge whose value is read when scraped. `read` returns one value, or values by label (the
   * label named `label`); a failing read leaves the gauge empty for that scrape.
   */
  gaugeOf(
    name: string,
    help: string,
    read: () => number | Promise<number> | Record<string, number> | Promise<Record<string, number>>,
    label?: string,
  ): void {
    new Gauge({
      name,
      help,
      labelNames: label ? [label] : [],
      registers: [this.registry],
      async collect() {
        this.reset();
        const value = await read();
        if (typeof value === 'number') this.set(value);
        else if (label) for (const [key, v] of Object.entries(value)) this.set({ [label]: key }, v);
      },
    });
  }

  /** Times `job`; its duration is recorded with the outcome (ok / failed) and its result passed on. */
  async timed<T>(job: string, run: () => Promise<T>): Promise<T> {
    const end = this.jobSeconds.startTimer({ job });
    try {
      const result = await run();
      end({ outcome: 'ok' });
      return result;
    } catch (error) {
      end({ outcome: 'failed' });
      throw error;
    }
  }

  /**
   * The scrape: the Prometheus text of every metric. The process metrics (CPU, resident memory, heap,
   * event-loop delay) are switched on by the first scrape, so an app nobody scrapes (a test) sets up no
   * observers.
   */
  async text(): Promise<string> {
    if (!this.processMetrics) {
      this.processMetrics = true;
      collectDefaultMetrics({ register: this.registry, prefix: 'storefleet_' });
    }
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}

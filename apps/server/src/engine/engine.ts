/**
 * The monitoring engine, created once per app by buildApp (app.ts) before any route is registered:
 * the status bus, the alert rules cache, the box hub (attached to the app's HTTP server), the
 * monitoring jobs, the job scheduler (timers started when the app is ready), the notifier, the
 * metrics, the cluster bus and this server node. They reach the rest of the server as AppContext's
 * `engine` part (`ctx.engine.statusBus`, `.rulesCache`, `.hub`, `.notifier`, `.metrics`, `.cluster`,
 * `.node`), the monitoring passes as `ctx.jobs` and the scheduler as `ctx.scheduler`; nothing else
 * creates them. buildApp declares the modules' jobs to the scheduler (modules/index.ts MODULE_JOBS). On
 * close the hub's links end before the HTTP server closes, and the jobs' timers stop. The parts themselves are built from
 * EngineParts (engine-parts.ts), never from AppContext: context.ts imports only the Engine interface.
 *
 * Import direction: modules import the engine (its services, repositories and the members on ctx);
 * the engine never imports modules. What the engine needs from a module is passed in here — the
 * companies' monitoring settings come from the config module through `settings`.
 *
 * Monitoring transactions (an ingest batch, a chunk of the offline sweep) return what they decided as
 * an AfterCommit result (after-commit.ts: status changes, alert records opened and recovered); status
 * changes are published on the bus from that result once the transaction committed.
 */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';

import type { NotifyMaxima } from '../config';
import type { Database } from '../db/database';
import type { OutboundPolicy } from '../outbound/outbound-policy';
import type { SecretKeyRing } from '../secrets/secret-keys';
import { AlertRulesCache } from './alerting/rules-cache';
import type { ClusterBus } from './cluster/cluster-bus';
import { joinCluster } from './cluster/join-cluster';
import type { NodeIdentity } from './cluster/node-identity';
import { ServerNode, type ServerNodeTimers } from './cluster/server-node';
import { EngineMetrics } from './engine-metrics';
import type { EngineParts } from './engine-parts';
import { BoxHub, type BoxHubOptions } from './hub/box-hub';
import { DeviceStatusBus } from './ingest/status-bus';
import { JobScheduler, type SchedulerOptions } from './jobs/job-scheduler';
import { MonitoringJobs } from './jobs/monitoring-jobs';
import type { SettingsReader } from './jobs/monitoring-settings';
import { channelSender } from './notifications/channel-senders';
import { countQueuedDeliveries } from './notifications/deliveries.repository';
import type { RecipientsReader } from './notifications/notification-planning';
import { Notifier } from './notifications/notifier';

export interface Engine {
  hub: BoxHub;
  statusBus: DeviceStatusBus;
  rulesCache: AlertRulesCache;
  jobs: MonitoringJobs;
  /** Every periodic job, the engine's and the modules' (jobs/job-scheduler.ts). */
  scheduler: JobScheduler;
  notifier: Notifier;
  /** What the engine counts for `/metrics` (engine-metrics.ts). */
  metrics: EngineMetrics;
  /** The bus to the other server nodes, when REDIS_URL is set (cluster/cluster-bus.ts). */
  cluster: ClusterBus | null;
  /** This node: its id, heartbeat, the runs it carries out and their takeover (cluster/server-node.ts). */
  node: ServerNode;
}

export interface EngineOptions {
  database: Database;
  log: FastifyBaseLogger;
  /** The keys of the secrets sealed at rest (box keys, communities, notification settings). */
  secrets: SecretKeyRing;
  /** The companies' monitoring settings (the config module's reader). */
  settings: SettingsReader;
  /** The recipients of an alert (the alert-senders module's reader), for notifications. */
  recipients: RecipientsReader;
  hub?: Omit<BoxHubOptions, 'intervalSeconds'>;
  /** The job leases' length and periods by job (jobs/job-scheduler.ts; tests shorten them). */
  scheduler?: SchedulerOptions;
  /** The bus to the other server nodes (REDIS_URL), connected; none on a single node. */
  cluster?: ClusterBus;
  /** Where notifications may go (ctx.outbound). */
  outbound: OutboundPolicy;
  /** The platform's highest notification caps (config.notifyMaxima). */
  notifyMaxima: NotifyMaxima;
  /** Who this node is (app.ts makes it before the bus connects). */
  identity: NodeIdentity;
  /** The heartbeat's period and when a silent node is gone (cluster/server-node.ts; tests shorten them). */
  nodeTimers?: ServerNodeTimers;
}

/** Creates the engine of `app` and ties its life to the app's (see the file comment). */
export function createEngine(app: FastifyInstance, options: EngineOptions): Engine {
  const { database, log, settings } = options;
  const statusBus = new DeviceStatusBus();
  const rulesCache = new AlertRulesCache();
  const metrics = new EngineMetrics();
  if (options.cluster) joinCluster(options.cluster, { statusBus, rulesCache });
  const parts: EngineParts = {
    db: database.db,
    database,
    log,
    secrets: options.secrets,
    statusBus,
    rulesCache,
    metrics,
  };
  // Before the hub's preClose: runs stop taking steps before the links they wait on close.
  const node = new ServerNode(parts, options.identity, options.nodeTimers);
  app.addHook('onReady', async () => node.start());
  app.addHook('preClose', async () => node.beginStop());
  app.addHook('onClose', async () => node.stop());
  const hub = new BoxHub(parts, {
    ...options.hub,
    intervalSeconds: async (companyId) => (await settings(database.db, companyId)).probeIntervalSeconds,
  });
  hub.attach(app.server);
  if (options.cluster) hub.joinCluster(options.cluster);
  // preClose: open WebSockets would otherwise keep server.close() waiting.
  app.addHook('preClose', async () => hub.close());
  const jobs = new MonitoringJobs(parts, settings);
  const scheduler = new JobScheduler(parts, node.id, options.scheduler);
  for (const job of jobs.scheduledJobs()) scheduler.add(job);
  app.addHook('onReady', async () => scheduler.start());
  // PostgreSQL: history day partitions through a week ahead before the first value (jobs/history-retention.ts).
  app.addHook('onReady', async () => jobs.prepareHistoryPartitions(Date.now()));
  app.addHook('onClose', async () => scheduler.stop());
  // Notifications: a pass after every committed alert change, and on a timer (retries, repeats,
  // summaries); on close the pass in progress finishes its sends (notifications/notifier.ts).
  const notifier = new Notifier(parts, {
    settings,
    recipients: options.recipients,
    send: channelSender(options.outbound),
    capsMax: options.notifyMaxima,
  });
  statusBus.alerts.subscribe(() => notifier.wake());
  notifier.start();
  app.addHook('onClose', async () => notifier.stop());
  statusBus.alerts.subscribe((event) => {
    if (event.change === 'opened') metrics.alertRecordsOpened.inc();
  });
  metrics.gaugeOf('storefleet_links_open', 'Agent links open on this node (boxes and device reporters)', () =>
    hub.linkCount(),
  );
  metrics.gaugeOf(
    'storefleet_notifications_queued',
    'Alert notifications waiting to be sent or retried (all nodes: read from the database)',
    () => countQueuedDeliveries(database.db),
  );
  const cluster = options.cluster ?? null;
  // After the jobs and the notifier stopped (onClose hooks run in order of registration).
  if (cluster) app.addHook('onClose', async () => cluster.close());
  return { hub, statusBus, rulesCache, jobs, scheduler, notifier, metrics, cluster, node };
}

/**
 * The message bus between server nodes (issue 15, docs/decisions/operations.md): with `REDIS_URL` set,
 * what one node decides and others must hear — device status changes and alert record changes for
 * their live-updates streams, alert-rule writes for their rules caches — goes over Redis publish /
 * subscribe. Without it (SQLite, or one PostgreSQL node) there is no bus and nothing changes.
 *
 * Nodes on the same database form one cluster: channels are named after a hash of the database URL,
 * so several deployments (or test databases) can share one Redis. A node applies its own events
 * locally and ignores them when they come back. Redis publish / subscribe does not keep messages for a
 * subscriber that was disconnected: when the subscription comes back, `onResync` handlers run (the
 * rules cache forgets everything, so no missed invalidation leaves a stale rule).
 */
import { createHash } from 'node:crypto';

import { Redis } from 'ioredis';

export type ClusterTopic = 'status' | 'alerts' | 'rules' | 'links' | 'heartbeat';
const TOPICS: readonly ClusterTopic[] = ['status', 'alerts', 'rules', 'links', 'heartbeat'];

interface Envelope {
  from: string;
  payload: unknown;
}

export class ClusterBus {
  private readonly publisher: Redis;
  private readonly subscriber: Redis;
  private readonly prefix: string;
  private readonly handlers = new Map<ClusterTopic, Array<(payload: unknown) => void>>();
  private readonly resyncHandlers: Array<() => void> = [];
  private readonly directHandlers: Array<(payload: unknown, from: string) => void> = [];
  private subscribed = false;
  /** The subscriber connection's name in Redis (CLIENT LIST). */
  readonly subscriberName: string;
  private closed = false;

  constructor(
    redisUrl: string,
    databaseUrl: string,
    private readonly onError: (error: unknown) => void,
    /** This node's name on the bus: the app's node id (node-identity.ts). */
    readonly node: string,
  ) {
    this.subscriberName = `storefleet-bus-${node.replace(/[^A-Za-z0-9_.-]/g, '-')}`;
    const cluster = createHash('sha256').update(databaseUrl).digest('hex').slice(0, 16);
    this.prefix = `storefleet:${cluster}:`;
    const options = { maxRetriesPerRequest: 2, enableOfflineQueue: false, lazyConnect: true } as const;
    this.publisher = new Redis(redisUrl, options);
    // Named, so an operator (or a test) finds a node's subscription in CLIENT LIST.
    this.subscriber = new Redis(redisUrl, {
      ...options,
      enableOfflineQueue: true,
      connectionName: this.subscriberName,
    });
    for (const client of [this.publisher, this.subscriber])
      client.on('error', (error) => this.onError(error));
    this.subscriber.on('message', (channel: string, text: string) => this.receive(channel, text));
    // Every subscription after the first is a reconnect: messages may have been missed meanwhile.
    this.subscriber.on('ready', () => {
      if (this.subscribed) for (const handler of this.resyncHandlers) handler();
    });
  }

  /** Connects both clients and subscribes to every topic; throws when Redis cannot be reached. */
  async connect(): Promise<void> {
    await Promise.all([this.publisher.connect(), this.subscriber.connect()]);
    await this.subscriber.subscribe(...TOPICS.map((t) => this.prefix + t), this.directChannel(this.node));
    this.subscribed = true;
  }

  /** Sends `payload` to the other nodes (never throws: a lost message is logged). */
  publish(topic: ClusterTopic, payload: unknown): void {
    if (this.closed) return;
    const envelope: Envelope = { from: this.node, payload };
    this.publisher.publish(this.prefix + topic, JSON.stringify(envelope)).catch(this.onError);
  }

  /** Sends `payload` to node `node` only (its own channel); never throws. */
  send(node: string, payload: unknown): void {
    if (this.closed) return;
    const envelope: Envelope = { from: this.node, payload };
    this.publisher.publish(this.directChannel(node), JSON.stringify(envelope)).catch(this.onError);
  }

  /** Calls `handler` with what other nodes send to this node (`send`), with the sender's name. */
  onDirect(handler: (payload: unknown, from: string) => void): void {
    this.directHandlers.push(handler);
  }

  /** The Redis key `name` of this cluster (the link directory's hash). */
  key(name: string): string {
    return this.prefix + name;
  }

  /** The publishing connection, for the few commands beside publish (the link directory's hash). */
  get redis(): Redis {
    return this.publisher;
  }

  /** Calls `handler` with what other nodes publish on `topic`. */
  on(topic: ClusterTopic, handler: (payload: unknown) => void): void {
    this.handlers.set(topic, [...(this.handlers.get(topic) ?? []), handler]);
  }

  /** Calls `handler` when the subscription came back after a disconnection. */
  onResync(handler: () => void): void {
    this.resyncHandlers.push(handler);
  }

  /** Whether Redis answers a PING within `timeoutMs` (`/ready`). */
  async ping(timeoutMs = 2_000): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), timeoutMs);
    });
    try {
      return await Promise.race([this.publisher.ping().then((answer) => answer === 'PONG'), late]);
    } catch {
      return false;
    } finally {
      clearTimeout(timer);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.allSettled([this.subscriber.quit(), this.publisher.quit()]);
  }

  private directChannel(node: string): string {
    return `${this.prefix}node:${node}`;
  }

  private receive(channel: string, text: string): void {
    if (!channel.startsWith(this.prefix)) return;
    let envelope: Envelope;
    try {
      envelope = JSON.parse(text) as Envelope;
    } catch (error) {
      this.onError(error);
      return;
    }
    if (envelope.from === this.node) return;
    if (channel === this.directChannel(this.node)) {
      for (const handler of this.directHandlers) {
        try {
          handler(envelope.payload, envelope.from);
        } catch (error) {
          this.onError(error);
        }
      }
      return;
    }
    const topic = channel.slice(this.prefix.length) as ClusterTopic;
    for (const handler of this.handlers.get(topic) ?? []) {
      try {
        handler(envelope.payload);
      } catch (error) {
        this.onError(error);
      }
    }
  }
}

/** A connected bus for the nodes of the database at `databaseUrl`; throws naming Redis when it cannot connect. */
export async function connectCluster(
  redisUrl: string,
  databaseUrl: string,
  onError: (error: unknown) => void,
  node: string,
): Promise<ClusterBus> {
  const bus = new ClusterBus(redisUrl, databaseUrl, onError, node);
  try {
    await bus.connect();
  } catch (error) {
    await bus.close();
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(
      `REDIS_URL is set but Redis cannot be reached (${reason}); start Redis or unset REDIS_URL`,
      {
        cause: error,
      },
    );
  }
  return bus;
}

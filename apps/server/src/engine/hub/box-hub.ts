/**
 * The box hub: accepts agent links at `GET /api/agent/link` (WebSocket upgrade on the app's HTTP
 * server), keeps one link per reporter (a newer link replaces the older with 4005), routes commands to
 * a box with a timeout, and pushes `config` to a store's box when its devices change. One per app
 * (`ctx.engine.hub`, created by engine.ts).
 *
 * Before hello a link costs little and proves nothing, so it gets little: frames of at most 8 KiB
 * (larger ones close it with 1009; after hello the full 24 MiB), 10 s to say hello, and a place among
 * at most `maxPendingLinks` such links server-wide (the next is refused with 503). An address that
 * sent several refused keys is refused with 429 for a while (hello-throttle.ts). After hello, results
 * frames take turns box by box (ingest-gate.ts), and value times are moved from the box clock into
 * server time (box-clock.ts). What hello answers (key, welcome, config) is link-hello.ts; the
 * socket-level steps of an upgrade are link-upgrade.ts.
 */
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';

import {
  AGENT_CLOSE,
  AGENT_LINK_PATH,
  type AgentCommand,
  type AgentValue,
  type CommandReplyMessage,
  MAX_HELLO_FRAME_BYTES,
} from '@storefleet/contracts';
import type WebSocket from 'ws';
import { WebSocketServer } from 'ws';

import { AppError } from '../../http/errors';
import type { SecretKeyRing } from '../../secrets/secret-keys';
import type { ClusterBus } from '../cluster/cluster-bus';
import { LinkDirectory } from '../cluster/link-directory';
import { RemoteCommands } from '../cluster/remote-commands';
import type { EngineMetrics } from '../engine-metrics';
import type { EngineParts } from '../engine-parts';
import { type IngestOutcome, ingestValues, type Reporter } from '../ingest/ingest.service';
import { listShopsOfDevices } from './agent-link.repository';
import { BoxClock } from './box-clock';
import { HelloThrottle } from './hello-throttle';
import { IngestGate } from './ingest-gate';
import { LinkClock } from './link-clock';
import { LinkHello } from './link-hello';
import { LinkSession, type SessionHost } from './link-session';
import { allowFullFrames, refuseUpgrade } from './link-upgrade';

export interface BoxHubOptions {
  /** How long a routed command may take (default 15 s; the agent answers within 30 s at most). */
  commandTimeoutMs?: number;
  /** Default 10 s (protocol). */
  helloTimeoutMs?: number;
  /** WebSocket ping period to find dead links (default 30 s). */
  pingIntervalMs?: number;
  /** The probe interval boxes are told (default 60 s). */
  intervalSeconds?: (companyId: number) => Promise<number>;
  /** Links that have not said hello yet, server-wide; the next one is refused with 503 (default 256). */
  maxPendingLinks?: number;
  /** Results frames stored at once (default 2). */
  ingestSlots?: number;
  /** While the database is not answering, how often a link tries its frame again (default 1 s). */
  databaseRetryMs?: number;
  /** The client address is the first of X-Forwarded-For (the app's trustProxy), for the key throttle. */
  trustProxy?: boolean;
}

/** What the hub reads and writes through (ingest publishes on the status bus). */
export type HubContext = Pick<EngineParts, 'db' | 'database' | 'log' | 'rulesCache' | 'statusBus'> & {
  /** Finds a presented box key by its hash and opens the communities a box probes with. */
  secrets: SecretKeyRing;
  /** Where values, batches, ack latency and commands in flight are counted (tests may leave it out). */
  metrics?: EngineMetrics;
};

/** Retry-After of a refusal because too many links are waiting to say hello. */
const PENDING_RETRY_MS = 5_000;

export class BoxHub {
  readonly log: EngineParts['log'];
  readonly helloTimeoutMs: number;
  private readonly sessions = new Map<number, LinkSession>();
  private readonly alive = new WeakSet<LinkSession>();
  private readonly wss = new WebSocketServer({ noServer: true, maxPayload: MAX_HELLO_FRAME_BYTES });
  private readonly pinger: NodeJS.Timeout;
  private readonly commandTimeoutMs: number;
  private readonly hello: LinkHello;
  private readonly gate: IngestGate;
  /** Links that have not said hello yet (see maxPendingLinks). */
  private readonly pending = new Set<LinkSession>();
  private readonly maxPendingLinks: number;
  private readonly throttle = new HelloThrottle();
  /** Set by joinCluster when several nodes share a bus. */
  private directory: LinkDirectory | null = null;
  private remote: RemoteCommands | null = null;

  constructor(
    private readonly ctx: HubContext,
    private readonly options: BoxHubOptions = {},
  ) {
    this.log = ctx.log;
    this.helloTimeoutMs = options.helloTimeoutMs ?? 10_000;
    this.commandTimeoutMs = options.commandTimeoutMs ?? 15_000;
    this.hello = new LinkHello(ctx, options.intervalSeconds);
    this.pinger = setInterval(() => this.pingAll(), options.pingIntervalMs ?? 30_000);
    this.pinger.unref();
    // Two: one batch commits while the next is parsed; more added no throughput in bench/ingest.ts
    // (SQLite commits one at a time; on PostgreSQL 4 was no faster than 2).
    this.gate = new IngestGate(options.ingestSlots ?? 2);
    // 256 links × 8 KiB frames is 2 MiB at most; a fleet reconnecting after a restart says hello in
    // milliseconds each, and a refused one retries after its backoff.
    this.maxPendingLinks = options.maxPendingLinks ?? 256;
  }

  /** Takes over WebSocket upgrades of `server` for the link path; other upgrade paths get 404. */
  attach(server: Server): void {
    server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
      const path = (request.url ?? '').split('?')[0];
      if (path !== AGENT_LINK_PATH) {
        socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\n\r\n');
        return;
      }
      const address = this.clientAddress(request);
      const blockedMs = this.throttle.retryAfterMs(address, Date.now());
      if (blockedMs > 0) {
        return refuseUpgrade(
          socket,
          429,
          blockedMs,
          'Too many refused security keys from this address; retry later',
        );
      }
      if (this.pending.size >= this.maxPendingLinks) {
        return refuseUpgrade(
          socket,
          503,
          PENDING_RETRY_MS,
          'Too many agent links are waiting to say hello; retry shortly',
        );
      }
      this.wss.handleUpgrade(request, socket, head, (ws) => {
        const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
        const session = new LinkSession(ws, this.linkHost(ws, address), match?.[1]);
        this.pending.add(session);
        ws.on('pong', () => this.alive.add(session));
        this.alive.add(session);
      });
    });
  }

  /** Links that said hello and are open (boxes and device reporters). */
  linkCount(): number {
    return this.sessions.size;
  }

  /**
   * Joins the other server nodes (REDIS_URL): links are announced in the cluster's link directory, and
   * a command for a box linked to another node goes there (cluster/remote-commands.ts).
   */
  joinCluster(bus: ClusterBus): void {
    this.directory = new LinkDirectory(bus);
    void this.directory.load();
    this.remote = new RemoteCommands(bus, (boxId, command, timeoutMs) =>
      this.localCommand(boxId, command, timeoutMs),
    );
  }

  /** Whether the box (or device reporter) `deviceId` has a live link, on this node or another. */
  isConnected(deviceId: number): boolean {
    return this.sessions.has(deviceId) || (this.directory?.remoteHolder(deviceId) ?? null) !== null;
  }

  /** Sends `command` to the box `boxId`; AppError BOX_OFFLINE / BOX_TIMEOUT when it cannot answer. */
  async command(
    boxId: number,
    command: AgentCommand,
    timeoutMs = this.commandTimeoutMs,
  ): Promise<CommandReplyMessage> {
    const inFlight = this.ctx.metrics?.commandsInFlight;
    inFlight?.inc();
    try {
      const holder = this.sessions.has(boxId) ? null : (this.directory?.remoteHolder(boxId) ?? null);
      if (holder && this.remote) return await this.remote.forward(holder, boxId, command, timeoutMs);
      return await this.localCommand(boxId, command, timeoutMs);
    } finally {
      inFlight?.dec();
    }
  }

  /** Sends `command` on this node's link of the box; BOX_OFFLINE when this node holds none. */
  private localCommand(
    boxId: number,
    command: AgentCommand,
    timeoutMs: number,
  ): Promise<CommandReplyMessage> {
    const session = this.sessions.get(boxId);
    if (!session) return Promise.reject(new AppError('BOX_OFFLINE'));
    return session.command(command, timeoutMs);
  }

  /**
   * Pushes the current `config` to the linked boxes of store `shopId` (call after its devices change,
   * once the write committed). Failures are logged, never thrown.
   */
  async notifyStoreChanged(shopId: number): Promise<void> {
    try {
      await this.pushConfig(shopId);
    } catch (error) {
      this.log.warn({ err: error, shopId }, 'could not push config to the store box');
    }
  }

  /**
   * After devices were added, edited, enabled/disabled or (un)monitored: pushes the new `config` to the
   * linked boxes of their stores. Failures are logged, never thrown (the write already committed).
   */
  async notifyDevicesChanged(deviceIds: readonly number[]): Promise<void> {
    if (this.sessions.size === 0) return;
    try {
      for (const shopId of await listShopsOfDevices(this.ctx.db, deviceIds)) await this.pushConfig(shopId);
    } catch (error) {
      this.log.warn({ err: error }, 'could not push config to the store boxes');
    }
  }

  /** Ends the live link of a box or reporter whose key was rotated or which was disabled (4001). */
  notifyKeyRevoked(deviceId: number): void {
    this.sessions
      .get(deviceId)
      ?.close(AGENT_CLOSE.AUTH_FAILED, 'The security key was rotated or the device was disabled');
  }

  /** Closes every link (server shutting down); agents reconnect and resend what was not acked. */
  async close(): Promise<void> {
    clearInterval(this.pinger);
    this.directory?.close();
    this.remote?.close();
    for (const session of this.sessions.values()) session.close(1001, 'Server shutting down');
    for (const client of this.wss.clients) client.terminate();
    await new Promise<void>((resolve) => this.wss.close(() => resolve()));
  }

  /**
   * Stores a link's values (ingest publishes the committed status changes). For a linked box the values'
   * times are first moved into server time by its clock (link-clock.ts); `sentAt` is the box clock when
   * the frame was sent.
   */
  async ingest(
    reporter: Reporter,
    values: readonly AgentValue[],
    sentAt?: number,
    clock?: LinkClock,
  ): Promise<IngestOutcome> {
    this.ctx.metrics?.ingestValues.inc(values.length);
    this.ctx.metrics?.ingestBatches.inc();
    if (!clock) return ingestValues(this.ctx, reporter, values);
    const now = Date.now();
    const outcome = await ingestValues(this.ctx, reporter, clock.toServerTime(values, sentAt, now));
    await clock.saveIfMoved(now);
    return outcome;
  }

  // ── what a link's session asks of the hub ──────────────────────────────────────────────────────

  /** The session host of one link: the hub, knowing the link's socket, address and reporter. */
  private linkHost(socket: WebSocket, address: string): SessionHost {
    let epoch: string | undefined;
    let boxId: number | undefined;
    let clock: LinkClock | undefined;
    return {
      log: this.log,
      helloTimeoutMs: this.helloTimeoutMs,
      databaseRetryMs: this.options.databaseRetryMs ?? 1_000,
      authenticate: async (hello) => {
        const receivedAt = Date.now();
        const outcome = await this.hello.authenticate(hello);
        if ('code' in outcome) {
          if (outcome.code === AGENT_CLOSE.AUTH_FAILED) this.throttle.failed(address, Date.now());
          return outcome;
        }
        epoch = hello.epoch;
        boxId = outcome.deviceId;
        clock = new LinkClock(
          new BoxClock(receivedAt, hello.sentAt),
          outcome.deviceId,
          this.ctx.db,
          this.log,
        );
        allowFullFrames(socket);
        return outcome;
      },
      welcome: (reporter) => this.hello.welcome(reporter, epoch, clock),
      config: (reporter) => this.hello.config(reporter),
      ingest: (reporter, values, sentAt) => this.ingest(reporter, values, sentAt, clock),
      // Only called once the link said hello (results frames).
      admit: (task) => {
        const acked = this.ctx.metrics?.ackSeconds.startTimer();
        return this.gate.run(boxId ?? 0, task).finally(() => acked?.());
      },
      register: (session) => {
        this.pending.delete(session);
        this.register(session);
      },
      unregister: (session) => {
        this.pending.delete(session);
        this.unregister(session);
      },
    };
  }

  private clientAddress(request: IncomingMessage): string {
    if (this.options.trustProxy) {
      const header = request.headers['x-forwarded-for'];
      const first = (Array.isArray(header) ? header[0] : header)?.split(',')[0]?.trim();
      if (first) return first;
    }
    return request.socket.remoteAddress ?? 'unknown';
  }

  /** Makes `session` its reporter's link; an older link of the reporter is closed as replaced. */
  private register(session: LinkSession): void {
    const id = session.reporter?.deviceId;
    if (id === undefined) return;
    const older = this.sessions.get(id);
    this.sessions.set(id, session);
    this.directory?.announce(id);
    if (older && older !== session)
      older.close(AGENT_CLOSE.REPLACED, 'A newer link of this box replaced this one');
  }

  private unregister(session: LinkSession): void {
    const id = session.reporter?.deviceId;
    if (id !== undefined && this.sessions.get(id) === session) {
      this.sessions.delete(id);
      this.directory?.withdraw(id);
    }
  }

  private async pushConfig(shopId: number): Promise<void> {
    for (const session of this.sessions.values()) {
      const reporter = session.reporter;
      if (reporter?.mode === 'box' && reporter.shopId === shopId)
        session.send(await this.hello.config(reporter));
    }
  }

  /**
   * A link that did not answer the previous ping is dead (half-open TCP): cut it so the box reconnects.
   * A busy link is spared: it stops reading its socket while its frames wait (LinkSession's
   * backlog), so its pong may sit unread behind them.
   */
  private pingAll(): void {
    for (const session of this.sessions.values()) {
      if (!this.alive.has(session) && !session.busy) session.terminate();
      else this.alive.delete(session);
    }
    for (const client of this.wss.clients) client.ping();
  }
}

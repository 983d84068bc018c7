/**
 * The box hub: accepts agent links at `GET /api/agent/link` (WebSocket upgrade on the app's HTTP
 * server), keeps one link per reporter (a newer link replaces the older with 4005), routes commands to
 * a box with a timeout, and pushes `config` to a store's box when its devices change. One per app
 * (`ctx.hub`, created by engine.ts).
 */
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';

import {
  AGENT_CLOSE,
  AGENT_LINK_PATH,
  AGENT_PROTOCOL_VERSION,
  type AgentCommand,
  type CommandReplyMessage,
  type HelloMessage,
  type ServerToAgentMessage,
} from '@storefleet/contracts';
import { WebSocketServer } from 'ws';

import type { AppContext } from '../../context';
import { AppError } from '../../http/errors';
import { type IngestOutcome, ingestValues, type Reporter } from '../ingest/ingest.service';
import { agentConfig } from './agent-config';
import {
  findKeyOwner,
  listCommittedMarks,
  listProbedDevices,
  listShopsOfDevices,
} from './agent-link.repository';
import { IngestGate } from './ingest-gate';
import { LinkSession, type SessionHost } from './link-session';

export interface BoxHubOptions {
  /** How long a routed command may take (default 15 s; the agent answers within 30 s at most). */
  commandTimeoutMs?: number;
  /** Default 10 s (protocol). */
  helloTimeoutMs?: number;
  /** WebSocket ping period to find dead links (default 30 s). */
  pingIntervalMs?: number;
  /** The probe interval boxes are told (default 60 s). */
  intervalSeconds?: (companyId: number) => Promise<number>;
}

/** What the hub reads and writes through (ingest publishes on the status bus). */
export type HubContext = Pick<AppContext, 'db' | 'database' | 'log' | 'rulesCache' | 'statusBus'>;

const PRODUCT_BOX = 1;
const STATE_DISABLED = 2;
/** Frames up to 1000 values of which syslog ones carry ~16 KiB of text at most. */
const MAX_FRAME_BYTES = 24 * 1024 * 1024;

export class BoxHub implements SessionHost {
  readonly log: AppContext['log'];
  readonly helloTimeoutMs: number;
  private readonly sessions = new Map<number, LinkSession>();
  private readonly alive = new WeakSet<LinkSession>();
  private readonly wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES });
  private readonly pinger: NodeJS.Timeout;
  private readonly commandTimeoutMs: number;
  private readonly companies = new Map<number, number>();
  private readonly gate: IngestGate;

  constructor(
    private readonly ctx: HubContext,
    private readonly options: BoxHubOptions = {},
  ) {
    this.log = ctx.log;
    this.helloTimeoutMs = options.helloTimeoutMs ?? 10_000;
    this.commandTimeoutMs = options.commandTimeoutMs ?? 15_000;
    this.pinger = setInterval(() => this.pingAll(), options.pingIntervalMs ?? 30_000);
    this.pinger.unref();
    // Two: one batch commits while the next is parsed; more added no throughput in bench/ingest.ts
    // (SQLite commits one at a time; on PostgreSQL 4 was no faster than 2).
    this.gate = new IngestGate(2);
  }

  /** Takes over WebSocket upgrades of `server` for the link path; other upgrade paths get 404. */
  attach(server: Server): void {
    server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
      const path = (request.url ?? '').split('?')[0];
      if (path !== AGENT_LINK_PATH) {
        socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\n\r\n');
        return;
      }
      this.wss.handleUpgrade(request, socket, head, (ws) => {
        const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
        const session = new LinkSession(ws, this, match?.[1]);
        ws.on('pong', () => this.alive.add(session));
        this.alive.add(session);
      });
    });
  }

  /** Whether the box (or device reporter) `deviceId` has a live link. */
  isConnected(deviceId: number): boolean {
    return this.sessions.has(deviceId);
  }

  /** Sends `command` to the box `boxId`; AppError BOX_OFFLINE / BOX_TIMEOUT when it cannot answer. */
  async command(
    boxId: number,
    command: AgentCommand,
    timeoutMs = this.commandTimeoutMs,
  ): Promise<CommandReplyMessage> {
    const session = this.sessions.get(boxId);
    if (!session) throw new AppError('BOX_OFFLINE');
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
    for (const session of this.sessions.values()) session.close(1001, 'Server shutting down');
    for (const client of this.wss.clients) client.terminate();
    await new Promise<void>((resolve) => this.wss.close(() => resolve()));
  }

  // ── SessionHost ─────────────────────────────────────────────────────────────────────────────────

  async authenticate(hello: HelloMessage): Promise<Reporter | { code: number; reason: string }> {
    const owner = hello.key ? await findKeyOwner(this.ctx.db, hello.key) : undefined;
    if (!owner || owner.state === STATE_DISABLED) {
      return { code: AGENT_CLOSE.AUTH_FAILED, reason: 'Unknown, rotated or disabled security key' };
    }
    const isBox = owner.product_id === PRODUCT_BOX;
    if (hello.mode === 'box' && !isBox) {
      return {
        code: AGENT_CLOSE.MODE_REFUSED,
        reason: 'This key belongs to a device, not a box: use --mode device',
      };
    }
    if (hello.mode === 'device' && isBox) {
      return { code: AGENT_CLOSE.MODE_REFUSED, reason: 'This key belongs to a box: use --mode box' };
    }
    this.companies.set(owner.id, owner.company_id);
    return { deviceId: owner.id, shopId: owner.shop_id, mode: hello.mode };
  }

  async welcome(reporter: Reporter): Promise<ServerToAgentMessage> {
    const config = await this.config(reporter);
    if (config.type !== 'config') throw new Error('unreachable');
    const marks = await listCommittedMarks(this.ctx.db, reporter.deviceId);
    return {
      type: 'welcome',
      protocolVersion: AGENT_PROTOCOL_VERSION,
      deviceId: String(reporter.deviceId),
      shopId: String(reporter.shopId),
      intervalSeconds: config.intervalSeconds,
      devices: config.devices,
      committed: marks.map((m) => ({ deviceId: String(m.device_id), seq: m.seq })),
    };
  }

  async config(reporter: Reporter): Promise<ServerToAgentMessage> {
    const companyId = this.companies.get(reporter.deviceId);
    const intervalSeconds =
      companyId !== undefined && this.options.intervalSeconds
        ? await this.options.intervalSeconds(companyId)
        : 60;
    const rows = reporter.mode === 'box' ? await listProbedDevices(this.ctx.db, reporter.shopId) : [];
    return { type: 'config', ...agentConfig(rows, intervalSeconds) };
  }

  /** Stores a link's values (ingest publishes the committed status changes). */
  ingest(reporter: Reporter, values: Parameters<typeof ingestValues>[2]): Promise<IngestOutcome> {
    return ingestValues(this.ctx, reporter, values);
  }

  admit<T>(task: () => Promise<T>): Promise<T> {
    return this.gate.run(task);
  }

  register(session: LinkSession): void {
    const id = session.reporter?.deviceId;
    if (id === undefined) return;
    const older = this.sessions.get(id);
    this.sessions.set(id, session);
    if (older && older !== session)
      older.close(AGENT_CLOSE.REPLACED, 'A newer link of this box replaced this one');
  }

  unregister(session: LinkSession): void {
    const id = session.reporter?.deviceId;
    if (id !== undefined && this.sessions.get(id) === session) this.sessions.delete(id);
  }

  private async pushConfig(shopId: number): Promise<void> {
    for (const session of this.sessions.values()) {
      const reporter = session.reporter;
      if (reporter?.mode === 'box' && reporter.shopId === shopId) session.send(await this.config(reporter));
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

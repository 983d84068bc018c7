/**
 * One agent link: waits for `hello`, authenticates the key, then handles `results` (ingest, ack after
 * commit), `commandReply` and `configRequest` strictly one message after another, so acks go out in
 * order and a failed commit stops everything behind it.
 *
 * While the database is not answering (db/database-unavailable.ts) the link stays open: the frame in
 * hand is tried again every `databaseRetryMs`, nothing is acked meanwhile (the agent keeps buffering on
 * disk), and the socket keeps reading a few frames so the agent's pings are answered and it does not
 * give up on the link. Once the database answers, the frame is stored and acked within one retry.
 */
import {
  AGENT_CLOSE,
  AGENT_PROTOCOL_VERSION,
  type AgentCommand,
  AgentValue,
  CommandReplyMessage,
  ConfigRequestMessage,
  HelloMessage,
  type ServerToAgentMessage,
} from '@storefleet/contracts';
import type { FastifyBaseLogger } from 'fastify';
import WebSocket from 'ws';
import { z } from 'zod';

import { isDatabaseUnavailable } from '../../db/database-unavailable';
import type { IngestOutcome, Reporter } from '../ingest/ingest.service';
import { PendingCommands } from './pending-commands';

/** What a session asks of its hub. */
export interface SessionHost {
  log: FastifyBaseLogger;
  helloTimeoutMs: number;
  /** Checks the key and mode: the reporter, or the close code and reason to refuse with. */
  authenticate(hello: HelloMessage): Promise<Reporter | { code: number; reason: string }>;
  welcome(reporter: Reporter): Promise<ServerToAgentMessage>;
  config(reporter: Reporter): Promise<ServerToAgentMessage>;
  /** Stores values; `sentAt` is the box clock when it sent the frame (the hub measures its skew). */
  ingest(reporter: Reporter, values: AgentValue[], sentAt?: number): Promise<IngestOutcome>;
  /** Runs `task` when the hub has room for one more results frame (see IngestGate). */
  admit<T>(task: () => Promise<T>): Promise<T>;
  /** How long to wait before trying a frame again while the database is not answering. */
  databaseRetryMs: number;
  /** The session authenticated: it becomes the reporter's one link (replacing an older one). */
  register(session: LinkSession): void;
  unregister(session: LinkSession): void;
}

/** The results envelope; values are checked one by one so one bad value does not sink the batch. */
const ResultsEnvelope = z.object({
  type: z.literal('results'),
  batchId: z.number().int().nonnegative(),
  values: z.array(z.unknown()).min(1).max(1000),
  sentAt: z.number().int().nonnegative().optional(),
});
const AckableValue = z.object({
  deviceId: z.string().trim().min(1).max(64),
  seq: z.number().int().positive(),
});

/**
 * Frames a link may have received and not yet handled. At this depth the session stops reading its
 * socket: further frames wait in the box's send buffer and TCP window instead of the server's heap,
 * so memory does not grow with boxes × batches in flight (bench/ingest.ts: 45 boxes, 4 batches each).
 */
const MAX_BACKLOG = 1;
/**
 * While the database is away: enough for the agent's in-flight batches (4) and a few other frames, so
 * its pings behind them are read and answered; a peer that sends more is paused again.
 */
const MAX_BACKLOG_WHILE_DATABASE_AWAY = 8;

/** Whether a frame is (by its first bytes) a results frame: only those wait for the ingest gate. */
function isResultsFrame(text: string): boolean {
  return text.slice(0, 64).includes('"results"');
}

export class LinkSession {
  reporter: Reporter | null = null;
  private readonly pending = new PendingCommands();
  private queue: Promise<void> = Promise.resolve();
  private stopped = false;
  private readonly helloTimer: NodeJS.Timeout;
  /** Frames received and not yet handled (see MAX_BACKLOG). */
  private backlog = 0;
  /** A frame is waiting for the database to answer again. */
  private databaseAway = false;

  constructor(
    private readonly socket: WebSocket,
    private readonly host: SessionHost,
    /** A key from the upgrade request's `Authorization: Bearer` header. */
    private readonly headerKey: string | undefined,
  ) {
    this.helloTimer = setTimeout(
      () => this.close(AGENT_CLOSE.HELLO_TIMEOUT, 'No hello within 10 seconds'),
      host.helloTimeoutMs,
    );
    socket.on('message', (data, isBinary) => {
      if (this.stopped) return;
      if (isBinary) return this.close(AGENT_CLOSE.MALFORMED, 'Binary frames are not part of the protocol');
      const text = Array.isArray(data) ? Buffer.concat(data).toString() : data.toString();
      if (++this.backlog >= this.backlogLimit()) socket.pause();
      this.queue = this.queue
        .then(() =>
          this.untilDatabaseAnswers(() =>
            this.reporter && isResultsFrame(text)
              ? this.host.admit(() => this.handle(text))
              : this.handle(text),
          ),
        )
        .catch((error: unknown) => this.fail(error))
        .finally(() => {
          if (--this.backlog < this.backlogLimit() && socket.isPaused) socket.resume();
        });
    });
    socket.on('close', () => {
      this.stopped = true;
      clearTimeout(this.helloTimer);
      this.pending.failAll({
        zh: '门店盒子在响应前断开了连接，请在它重新上线后再试',
        en: 'The store box disconnected before it answered; try again when it is back online',
      });
      this.host.unregister(this);
    });
    socket.on('error', (error) => host.log.warn({ err: error }, 'agent link error'));
  }

  /** Sends a command and waits for the reply (BOX_TIMEOUT / BOX_OFFLINE as AppError). */
  command(command: AgentCommand, timeoutMs: number) {
    const { id, reply } = this.pending.open(timeoutMs);
    this.send({ type: 'command', id, command });
    return reply;
  }

  /** Whether frames of this link are waiting to be handled: it is alive even if a pong is late. */
  get busy(): boolean {
    return this.backlog > 0;
  }

  send(message: ServerToAgentMessage): void {
    if (this.socket.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(message));
  }

  close(code: number, reason: string): void {
    this.stopped = true;
    clearTimeout(this.helloTimer);
    this.socket.close(code, reason.slice(0, 120));
  }

  /** Cuts the link without a close handshake (dead peer). */
  terminate(): void {
    this.socket.terminate();
  }

  private backlogLimit(): number {
    return this.databaseAway ? MAX_BACKLOG_WHILE_DATABASE_AWAY : MAX_BACKLOG;
  }

  /**
   * Runs `attempt` until it gets through a database that answers; a database failure of another kind,
   * or the link closing, ends it. Storing a frame again is safe: a batch whose commit did happen is
   * recognised by its seq marks and acked without being stored twice.
   */
  private async untilDatabaseAnswers(attempt: () => Promise<void>): Promise<void> {
    for (let tries = 1; ; tries++) {
      try {
        await attempt();
        break;
      } catch (error) {
        if (this.stopped || !isDatabaseUnavailable(error)) throw error;
        if (tries === 1) {
          this.host.log.warn(
            { err: error, reporter: this.reporter?.deviceId },
            'agent link: the database is not answering; holding the frame unacked and trying again',
          );
        }
        if (!this.databaseAway) {
          this.databaseAway = true;
          if (this.backlog < this.backlogLimit() && this.socket.isPaused) this.socket.resume();
        }
        await new Promise((resolve) => setTimeout(resolve, this.host.databaseRetryMs));
      }
    }
    if (this.databaseAway) {
      this.databaseAway = false;
      this.host.log.info({ reporter: this.reporter?.deviceId }, 'agent link: the database answers again');
    }
  }

  private fail(error: unknown): void {
    this.host.log.error(
      { err: error, reporter: this.reporter?.deviceId },
      'agent link: could not commit a batch',
    );
    this.close(AGENT_CLOSE.SERVER_ERROR, 'The server could not store the values; reconnect and resend');
  }

  private async handle(text: string): Promise<void> {
    if (this.stopped) return;
    let frame: unknown;
    try {
      frame = JSON.parse(text);
    } catch {
      return this.close(AGENT_CLOSE.MALFORMED, 'Frame is not JSON');
    }
    const type = typeof frame === 'object' && frame !== null ? (frame as { type?: unknown }).type : undefined;
    if (!this.reporter) {
      if (type !== 'hello') return this.close(AGENT_CLOSE.MALFORMED, 'The first frame must be hello');
      return this.hello(frame);
    }
    switch (type) {
      case 'results':
        return this.results(frame);
      case 'commandReply': {
        const reply = CommandReplyMessage.safeParse(frame);
        if (!reply.success)
          return this.close(AGENT_CLOSE.MALFORMED, 'commandReply does not match protocol 1');
        return this.pending.settle(reply.data);
      }
      case 'configRequest':
        if (!ConfigRequestMessage.safeParse(frame).success)
          return this.close(AGENT_CLOSE.MALFORMED, 'configRequest does not match protocol 1');
        return this.send(await this.host.config(this.reporter));
      default:
        return this.close(AGENT_CLOSE.MALFORMED, 'Unknown or repeated message type');
    }
  }

  private async hello(frame: unknown): Promise<void> {
    const hello = HelloMessage.safeParse(frame);
    if (!hello.success) return this.close(AGENT_CLOSE.MALFORMED, 'hello does not match protocol 1');
    clearTimeout(this.helloTimer);
    if (hello.data.protocolVersion !== AGENT_PROTOCOL_VERSION) {
      return this.close(
        AGENT_CLOSE.PROTOCOL_UNSUPPORTED,
        `This server speaks agent protocol ${AGENT_PROTOCOL_VERSION}; upgrade or downgrade the agent`,
      );
    }
    const key = hello.data.key ?? this.headerKey;
    const outcome = await this.host.authenticate({ ...hello.data, ...(key ? { key } : {}) });
    if ('code' in outcome) return this.close(outcome.code, outcome.reason);
    if (this.stopped) return;
    this.reporter = outcome;
    this.host.register(this);
    this.send(await this.host.welcome(outcome));
  }

  private async results(frame: unknown): Promise<void> {
    const reporter = this.reporter;
    if (!reporter) return;
    const envelope = ResultsEnvelope.safeParse(frame);
    if (!envelope.success) return this.close(AGENT_CLOSE.MALFORMED, 'results does not match protocol 1');
    const highest = new Map<string, number>();
    const values: AgentValue[] = [];
    let invalid = 0;
    for (const raw of envelope.data.values) {
      const parsed = AgentValue.safeParse(raw);
      if (parsed.success) values.push(parsed.data);
      else invalid++;
      // Acked even when it will never be stored: an unacked value is resent forever.
      const ackable = parsed.success ? parsed.data : AckableValue.safeParse(raw).data;
      if (ackable) highest.set(ackable.deviceId, Math.max(highest.get(ackable.deviceId) ?? 0, ackable.seq));
    }
    const outcome = await this.host.ingest(reporter, values, envelope.data.sentAt);
    if (outcome.setAside.length > 0) {
      // Device, seq and the database's reason only: the value's text is device input.
      this.host.log.error(
        { reporter: reporter.deviceId, setAside: outcome.setAside },
        'agent link: values the database refused were set aside (acked, not stored)',
      );
    }
    if (this.stopped) return;
    if (invalid > 0 || outcome.refused > 0) {
      this.host.log.warn(
        { reporter: reporter.deviceId, invalid, refused: outcome.refused },
        'agent link: values skipped (invalid, unknown device or outside the reporter)',
      );
    }
    const committed = [...highest].map(([deviceId, seq]) => ({ deviceId, seq }));
    this.send({ type: 'ack', batchId: envelope.data.batchId, committed });
  }
}

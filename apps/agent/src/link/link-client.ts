import {
  AGENT_VERSION,
  acceptServerFrame,
  type BackoffOptions,
  backoffDelay,
  ConfigRequests,
  configOf,
  helloMessage,
  isRefusal,
  linkUrl,
  replyToCommand,
} from '@storefleet/agent-link';
import {
  AGENT_CLOSE,
  type AgentConfig,
  type AgentToServerMessage,
  type CommandMessage,
  type CommandReplyMessage,
  type ServerToAgentMessage,
  type WelcomeMessage,
} from '@storefleet/contracts';
import WebSocket from 'ws';

import { BUFFER_START, type BufferCursor, type ValueBuffer } from '../buffer/value-buffer';
import type { Log } from '../log';

export interface LinkOptions {
  server: string;
  key: string;
  mode: 'box' | 'device';
  hostname: string;
  buffer: ValueBuffer;
  onWelcome: (welcome: WelcomeMessage) => void;
  onConfig: (config: AgentConfig) => void;
  onCommand: (message: CommandMessage) => Promise<CommandReplyMessage>;
  log: Log;
  /** Values per `results` message (default 500). */
  batchSize?: number;
  /** Batches sent but not yet acked (default 4). */
  maxInFlight?: number;
  backoff?: BackoffOptions;
  /** Wait after the server refused the key, protocol or mode (default 5 minutes). */
  refusedRetryMs?: number;
  /** How long to wait for `welcome`, and for a pong, ms (default 15,000). */
  answerTimeoutMs?: number;
  /** WebSocket ping period, ms (default 30,000). */
  pingIntervalMs?: number;
  /** The box clock, Unix ms (default Date.now): stamped on hello and results for the server's skew. */
  clock?: () => number;
}

/**
 * The agent's one outbound link to the server. Sends `hello`, and after `welcome` streams the buffer's
 * unacked values oldest first, a few batches ahead of the acks. Whenever the link drops it reconnects
 * with backoff and starts again from the oldest unacked value, so nothing the server has not acked is
 * lost and what it acked is not sent again.
 */
export class AgentLink {
  private socket: WebSocket | null = null;
  private welcomed = false;
  private stopped = true;
  private attempt = 0;
  private cursor: BufferCursor = BUFFER_START;
  private nextBatchId = 0;
  private readonly inFlight = new Set<number>();
  private reconnectTimer: NodeJS.Timeout | null = null;
  private readonly configRequests = new ConfigRequests();

  constructor(private readonly options: LinkOptions) {}

  get connected(): boolean {
    return this.welcomed;
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.connect();
  }

  stop(): void {
    this.stopped = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
    this.socket?.close(1000, 'agent stopping');
    this.socket = null;
    this.welcomed = false;
  }

  /** New values are in the buffer: send them if the link has room. */
  notify(): void {
    this.pump();
  }

  /** Asks the server for the current config and resolves with it (used by the reloadConfig command). */
  requestConfig(timeoutMs = 10_000): Promise<AgentConfig> {
    if (!this.welcomed) return Promise.reject(new Error('the link to the server is down'));
    return this.configRequests.request(() => this.send({ type: 'configRequest' }), timeoutMs);
  }

  private connect(): void {
    const { log } = this.options;
    const socket = new WebSocket(linkUrl(this.options.server), {
      handshakeTimeout: this.options.answerTimeoutMs ?? 15_000,
      maxPayload: 16 * 1024 * 1024,
    });
    this.socket = socket;
    const answerTimeout = this.options.answerTimeoutMs ?? 15_000;
    let alive = true;
    let pinger: NodeJS.Timeout | null = null;
    const helloTimer = setTimeout(() => socket.terminate(), answerTimeout);
    socket.on('open', () => {
      this.send(
        helloMessage({
          key: this.options.key,
          mode: this.options.mode,
          agentVersion: AGENT_VERSION,
          hostname: this.options.hostname,
          sentAt: this.now(),
          epoch: this.options.buffer.epoch,
        }),
      );
      pinger = setInterval(() => {
        // A link that silently died (NAT timeout, pulled cable) shows up as a missing pong.
        if (!alive) return socket.terminate();
        alive = false;
        socket.ping();
      }, this.options.pingIntervalMs ?? 30_000);
    });
    socket.on('pong', () => {
      alive = true;
    });
    socket.on('message', (data, isBinary) => {
      if (socket !== this.socket) return;
      const message = acceptServerFrame(socket, data, isBinary, log);
      if (!message) return;
      if (message.type === 'welcome') clearTimeout(helloTimer);
      this.handle(message);
    });
    socket.on('close', (code, reason) => {
      clearTimeout(helloTimer);
      if (pinger) clearInterval(pinger);
      if (socket !== this.socket) return;
      this.socket = null;
      this.welcomed = false;
      this.inFlight.clear();
      if (this.stopped) return;
      const why =
        reason.toString() || (code === AGENT_CLOSE.TOO_LARGE ? 'a frame was too large' : 'no reason given');
      const refused = isRefusal(code);
      const delay = refused
        ? (this.options.refusedRetryMs ?? 300_000)
        : backoffDelay(this.attempt++, this.options.backoff);
      log(refused ? 'error' : 'warn', `link closed (${code}: ${why}); reconnecting in ${delay} ms`);
      this.reconnectTimer = setTimeout(() => {
        this.reconnectTimer = null;
        if (!this.stopped) this.connect();
      }, delay);
    });
    socket.on('error', (error) => {
      log('warn', `link error: ${error.message}`);
    });
  }

  private handle(message: ServerToAgentMessage): void {
    switch (message.type) {
      case 'welcome':
        this.welcomed = true;
        this.attempt = 0;
        // Resend from the oldest unacked value: whatever was in flight on the old link is unconfirmed.
        this.cursor = BUFFER_START;
        this.inFlight.clear();
        if (message.committed) this.options.buffer.ack(message.committed);
        this.options.log('info', `linked as device ${message.deviceId} of store ${message.shopId}`);
        this.options.onWelcome(message);
        this.pump();
        return;
      case 'ack':
        this.inFlight.delete(message.batchId);
        this.options.buffer.ack(message.committed);
        this.pump();
        return;
      case 'config': {
        const config = configOf(message);
        this.options.onConfig(config);
        this.configRequests.settle(config);
        return;
      }
      case 'command': {
        const socket = this.socket;
        void replyToCommand(message, this.options.onCommand, {
          isCurrent: () => socket === this.socket,
          send: (reply) => this.send(reply),
          log: this.options.log,
        });
        return;
      }
      default: {
        const unreachable: never = message;
        throw new Error(`unhandled message ${JSON.stringify(unreachable)}`);
      }
    }
  }

  private pump(): void {
    const maxInFlight = this.options.maxInFlight ?? 4;
    const batchSize = this.options.batchSize ?? 500;
    while (this.welcomed && this.inFlight.size < maxInFlight) {
      const { values, cursor } = this.options.buffer.read(this.cursor, batchSize);
      if (values.length === 0) return;
      this.cursor = cursor;
      const batchId = this.nextBatchId++;
      this.inFlight.add(batchId);
      this.send({ type: 'results', batchId, values, sentAt: this.now() });
    }
  }

  private now(): number {
    return (this.options.clock ?? Date.now)();
  }

  private send(message: AgentToServerMessage): void {
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(message));
  }
}

import {
  acceptServerFrame,
  backoffDelay,
  ConfigRequests,
  configOf,
  helloMessage,
  isRefusal,
  replyToCommand,
} from '@storefleet/agent-link';
import type {
  AgentConfig,
  AgentToServerMessage,
  CommandMessage,
  CommandReplyMessage,
  ServerToAgentMessage,
  WelcomeMessage,
} from '@storefleet/contracts';
import WebSocket from 'ws';

import type { Log } from '../log';
import type { Rng } from '../random';
import type { MemoryOutbox } from './memory-outbox';

/** Where a box's link is: `outage` is a simulated store outage, `refused` a rejected key. */
export type LinkState = 'connecting' | 'linked' | 'down' | 'outage' | 'refused' | 'stopped';

export interface BoxLinkOptions {
  /** The link's WebSocket URL (already checked to be loopback). */
  url: string;
  key: string;
  hostname: string;
  /** The version hello reports; a function when it can change (an upgrade installed). */
  agentVersion: string | (() => string);
  outbox: MemoryOutbox;
  log: Log;
  rng: Rng;
  batchSize: number;
  maxInFlight: number;
  backoff: { baseMs: number; capMs: number };
  /** Wait after the server refused the key, protocol or mode. */
  refusedRetryMs: number;
  onWelcome: (welcome: WelcomeMessage) => void;
  onConfig: (config: AgentConfig) => void;
  onCommand: (message: CommandMessage) => Promise<CommandReplyMessage>;
  /** The link could send more than the outbox holds (burst mode tops it up here). */
  onRoom?: () => void;
  /** An ack was applied to the outbox. */
  onAcked?: () => void;
  /** The box clock, Unix ms (default Date.now): stamped on hello and results for the server's skew. */
  clock?: () => number;
}

const ANSWER_TIMEOUT_MS = 15_000;

/**
 * One simulated box's link, speaking protocol v1 as the real agent does: `hello` with the key, then
 * results a few batches ahead of the acks; after any drop it reconnects with backoff and resends from
 * the oldest unacked value with the same seqs. `cut` simulates a store outage: the link goes down and
 * stays down until `resume`, while the store keeps filling the outbox.
 */
export class BoxLink {
  state: LinkState = 'stopped';
  readonly counters = { welcomes: 0, batches: 0, acks: 0, drops: 0 };
  private socket: WebSocket | null = null;
  private welcomed = false;
  private held = false;
  private attempt = 0;
  private cursor = 0;
  private nextBatchId = 0;
  private readonly inFlight = new Set<number>();
  private reconnectTimer: NodeJS.Timeout | null = null;
  private readonly configRequests = new ConfigRequests();

  constructor(private readonly options: BoxLinkOptions) {}

  get linked(): boolean {
    return this.welcomed;
  }

  start(): void {
    if (this.state !== 'stopped') return;
    this.connect();
  }

  /** Closes the link for good; resolves once the socket is closed. */
  async stop(): Promise<void> {
    this.state = 'stopped';
    this.clearReconnect();
    const socket = this.socket;
    this.socket = null;
    this.welcomed = false;
    if (!socket || socket.readyState === WebSocket.CLOSED) return;
    await new Promise<void>((resolve) => {
      const force = setTimeout(() => socket.terminate(), 1000);
      socket.once('close', () => {
        clearTimeout(force);
        resolve();
      });
      if (socket.readyState === WebSocket.CONNECTING) socket.terminate();
      else socket.close(1000, 'simulator stopping');
    });
  }

  /** Store outage: drop the link abruptly and stay down until `resume`. */
  cut(): void {
    if (this.state === 'stopped' || this.held) return;
    this.held = true;
    this.clearReconnect();
    if (this.socket) this.socket.terminate();
    else this.state = 'outage';
  }

  /** The outage is over: link again. */
  resume(): void {
    if (!this.held) return;
    this.held = false;
    if (this.state === 'outage') this.connect();
  }

  /** New values are in the outbox: send them if the link has room. */
  pump(): void {
    const { outbox, batchSize, maxInFlight, onRoom } = this.options;
    while (this.welcomed && this.inFlight.size < maxInFlight) {
      if (onRoom && outbox.unread(this.cursor) < batchSize) onRoom();
      const { values, cursor } = outbox.read(this.cursor, batchSize);
      if (values.length === 0) return;
      this.cursor = cursor;
      const batchId = this.nextBatchId++;
      this.inFlight.add(batchId);
      this.counters.batches++;
      this.send({ type: 'results', batchId, values, sentAt: this.now() });
    }
  }

  /** Asks the server for the current config (the reloadConfig command). */
  requestConfig(timeoutMs = 10_000): Promise<AgentConfig> {
    if (!this.welcomed) return Promise.reject(new Error('the link to the server is down'));
    return this.configRequests.request(() => this.send({ type: 'configRequest' }), timeoutMs);
  }

  private connect(): void {
    this.state = 'connecting';
    const socket = new WebSocket(this.options.url, { handshakeTimeout: ANSWER_TIMEOUT_MS });
    this.socket = socket;
    const helloTimer = setTimeout(() => socket.terminate(), ANSWER_TIMEOUT_MS);
    socket.on('open', () => {
      this.send(
        helloMessage({
          key: this.options.key,
          mode: 'box',
          agentVersion:
            typeof this.options.agentVersion === 'function'
              ? this.options.agentVersion()
              : this.options.agentVersion,
          hostname: this.options.hostname,
          sentAt: this.now(),
          epoch: this.options.outbox.epoch,
        }),
      );
    });
    socket.on('message', (data, isBinary) => {
      if (socket !== this.socket) return;
      const message = acceptServerFrame(socket, data, isBinary, this.options.log);
      if (!message) return;
      if (message.type === 'welcome') clearTimeout(helloTimer);
      this.handle(message, socket);
    });
    socket.on('close', (code, reason) => {
      clearTimeout(helloTimer);
      if (socket !== this.socket) return;
      this.socket = null;
      if (this.welcomed) this.counters.drops++;
      this.welcomed = false;
      this.inFlight.clear();
      if (this.state === 'stopped') return;
      if (this.held) {
        this.state = 'outage';
        return;
      }
      const refused = isRefusal(code);
      const delay = refused
        ? this.options.refusedRetryMs
        : backoffDelay(this.attempt++, { ...this.options.backoff, random: () => this.options.rng.next() });
      this.state = refused ? 'refused' : 'down';
      const why = reason.toString() || 'no reason given';
      this.options.log(
        refused ? 'error' : 'warn',
        `link closed (${code}: ${why}); reconnecting in ${delay} ms`,
      );
      this.reconnectTimer = setTimeout(() => {
        this.reconnectTimer = null;
        if (this.state !== 'stopped' && !this.held) this.connect();
      }, delay);
    });
    socket.on('error', (error) => this.options.log('warn', `link error: ${error.message}`));
  }

  private handle(message: ServerToAgentMessage, socket: WebSocket): void {
    switch (message.type) {
      case 'welcome':
        this.welcomed = true;
        this.state = 'linked';
        this.attempt = 0;
        this.counters.welcomes++;
        // Whatever was in flight on the old link is unconfirmed: resend from the oldest unacked value.
        this.inFlight.clear();
        if (message.committed) this.options.outbox.ack(message.committed);
        this.cursor = this.options.outbox.start();
        this.options.onWelcome(message);
        this.pump();
        return;
      case 'ack':
        this.counters.acks++;
        this.inFlight.delete(message.batchId);
        this.options.outbox.ack(message.committed);
        this.pump();
        this.options.onAcked?.();
        return;
      case 'config': {
        const config = configOf(message);
        this.options.onConfig(config);
        this.configRequests.settle(config);
        return;
      }
      case 'command':
        void replyToCommand(message, this.options.onCommand, {
          isCurrent: () => socket === this.socket,
          send: (reply) => this.send(reply),
          log: this.options.log,
        });
        return;
      default: {
        const unreachable: never = message;
        throw new Error(`unhandled message ${JSON.stringify(unreachable)}`);
      }
    }
  }

  private send(message: AgentToServerMessage): void {
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(message));
  }

  private now(): number {
    return (this.options.clock ?? Date.now)();
  }

  private clearReconnect(): void {
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
  }
}

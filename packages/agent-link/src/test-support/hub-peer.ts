// Test peer: a small server end of the agent link, written from the contract alone. It is what the link
// and agent tests talk to; the real box hub lives in apps/server.
import type { AddressInfo } from 'node:net';

import {
  AGENT_CLOSE,
  AGENT_LINK_PATH,
  AGENT_PROTOCOL_VERSION,
  type AgentCommand,
  type AgentConfig,
  AgentToServerMessage,
  type AgentValue,
  type CommandReplyMessage,
  type HelloMessage,
  type ServerToAgentMessage,
  type WelcomeMessage,
} from '@storefleet/contracts';
import WebSocket, { WebSocketServer } from 'ws';

export interface HubPeerOptions {
  key: string;
  welcome: Omit<WelcomeMessage, 'type' | 'protocolVersion'>;
  port?: number;
}

export class HubPeer {
  readonly hellos: HelloMessage[] = [];
  /** Every value as it arrived, resends included. */
  readonly received: AgentValue[] = [];
  /** The `sentAt` (box clock) of every results frame, in arrival order. */
  readonly resultsSentAt: Array<number | undefined> = [];
  /** Values stored once per (deviceId, seq), as the real hub must. */
  readonly stored = new Map<string, AgentValue>();
  /** `deviceId:seq` of every value in a batch the hub acked. */
  readonly acked = new Set<string>();
  /** While true, results are stored but not acked (to test resends). */
  holdAcks = false;
  config: AgentConfig;
  private readonly server: WebSocketServer;
  private readonly sockets = new Set<WebSocket>();
  private readonly replies = new Map<string, (reply: CommandReplyMessage) => void>();
  private nextCommand = 0;

  private constructor(
    server: WebSocketServer,
    private readonly options: HubPeerOptions,
  ) {
    this.server = server;
    this.config = { intervalSeconds: options.welcome.intervalSeconds, devices: options.welcome.devices };
    server.on('connection', (socket) => this.accept(socket));
  }

  static async start(options: HubPeerOptions): Promise<HubPeer> {
    const server = new WebSocketServer({ host: '127.0.0.1', port: options.port ?? 0, path: AGENT_LINK_PATH });
    await new Promise<void>((resolve, reject) => {
      server.once('listening', resolve);
      server.once('error', reject);
    });
    return new HubPeer(server, options);
  }

  get port(): number {
    return (this.server.address() as AddressInfo).port;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  get connections(): number {
    return this.sockets.size;
  }

  /** Sends a command to the connected agent and resolves with its reply. */
  command(command: AgentCommand | { name: string }): Promise<CommandReplyMessage> {
    const id = `c${this.nextCommand++}`;
    const socket = [...this.sockets][0];
    if (!socket) return Promise.reject(new Error('no agent connected'));
    return new Promise((resolve) => {
      this.replies.set(id, resolve);
      socket.send(JSON.stringify({ type: 'command', id, command }));
    });
  }

  /** Cuts every link abruptly, like a server crash or a network drop. */
  dropConnections(): void {
    for (const socket of this.sockets) socket.terminate();
  }

  async close(): Promise<void> {
    this.dropConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private accept(socket: WebSocket): void {
    this.sockets.add(socket);
    socket.on('close', () => this.sockets.delete(socket));
    let welcomed = false;
    socket.on('message', (data) => {
      const parsed = AgentToServerMessage.safeParse(JSON.parse(data.toString()));
      if (!parsed.success) return socket.close(AGENT_CLOSE.MALFORMED, parsed.error.message.slice(0, 100));
      const message = parsed.data;
      if (!welcomed && message.type !== 'hello') return socket.close(AGENT_CLOSE.MALFORMED, 'hello first');
      switch (message.type) {
        case 'hello':
          this.hellos.push(message);
          if (message.key !== this.options.key)
            return socket.close(AGENT_CLOSE.AUTH_FAILED, 'Unknown security key');
          welcomed = true;
          return send(socket, {
            type: 'welcome',
            protocolVersion: AGENT_PROTOCOL_VERSION,
            ...this.options.welcome,
          });
        case 'results': {
          this.resultsSentAt.push(message.sentAt);
          const highest = new Map<string, number>();
          for (const value of message.values) {
            this.received.push(value);
            const key = `${value.deviceId}:${value.seq}`;
            if (!this.stored.has(key)) this.stored.set(key, value);
            highest.set(value.deviceId, Math.max(highest.get(value.deviceId) ?? 0, value.seq));
          }
          if (this.holdAcks) return;
          for (const value of message.values) this.acked.add(`${value.deviceId}:${value.seq}`);
          const committed = [...highest].map(([deviceId, seq]) => ({ deviceId, seq }));
          return send(socket, { type: 'ack', batchId: message.batchId, committed });
        }
        case 'commandReply':
          this.replies.get(message.id)?.(message);
          this.replies.delete(message.id);
          return;
        case 'configRequest':
          return send(socket, { type: 'config', ...this.config });
        default: {
          const unreachable: never = message;
          return unreachable;
        }
      }
    });
  }
}

function send(socket: WebSocket, message: ServerToAgentMessage): void {
  if (socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
}

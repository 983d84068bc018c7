/**
 * A raw agent-protocol peer for hub tests: a WebSocket that keeps the server's frames, hands them out
 * by type (`next('welcome')`) and resolves `closed` with the close code and reason.
 */
import type { ServerToAgentMessage } from '@storefleet/contracts';
import WebSocket from 'ws';

/** The hello frame of an agent test peer with `key`: protocol 1, agent version `test`, a box unless told. */
export function helloFrame(
  key: string | null,
  { mode = 'box', hostname = 'peer' }: { mode?: 'box' | 'device'; hostname?: string } = {},
) {
  return { type: 'hello', protocolVersion: 1, key, mode, agentVersion: 'test', hostname };
}

export class AgentPeer {
  readonly messages: ServerToAgentMessage[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;
  private waiters: Array<() => void> = [];

  constructor(readonly socket: WebSocket) {
    socket.on('message', (data) => {
      this.messages.push(JSON.parse(data.toString()) as ServerToAgentMessage);
      for (const wake of this.waiters.splice(0)) wake();
    });
    this.closed = new Promise((resolve) =>
      socket.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
    );
  }

  /** Opens a link to `url` and waits until the socket is open. */
  static async open(url: string): Promise<AgentPeer> {
    const socket = new WebSocket(url);
    const peer = new AgentPeer(socket);
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    return peer;
  }

  send(message: unknown): void {
    this.socket.send(JSON.stringify(message));
  }

  /** The next frame of `type` from the server (waits for it). */
  async next<T extends ServerToAgentMessage['type']>(
    type: T,
  ): Promise<Extract<ServerToAgentMessage, { type: T }>> {
    for (;;) {
      const index = this.messages.findIndex((m) => m.type === type);
      if (index >= 0) return this.messages.splice(index, 1)[0] as Extract<ServerToAgentMessage, { type: T }>;
      await new Promise<void>((resolve) => this.waiters.push(resolve));
    }
  }

  /** Closes the link and waits until it is closed. */
  close(): Promise<unknown> {
    this.socket.close();
    return this.closed;
  }
}

/**
 * Commands for a box linked to another node (issue 15): the node asked sends the command to the node
 * holding the link (link-directory.ts) over its direct channel; that node runs it on the link and sends
 * the reply — or the error, code and both languages — back. The asker gives up 2 s after the command's
 * own timeout, as "the box did not answer".
 */
import { randomBytes } from 'node:crypto';

import type { AgentCommand, CommandReplyMessage, ErrorCode } from '@storefleet/contracts';

import { AppError, type Message } from '../../http/errors';
import { boxTimeout } from '../hub/pending-commands';
import type { ClusterBus } from './cluster-bus';

type Direct =
  | { kind: 'command'; requestId: string; boxId: number; command: AgentCommand; timeoutMs: number }
  | { kind: 'reply'; requestId: string; reply: CommandReplyMessage }
  | { kind: 'failure'; requestId: string; code: ErrorCode; text: Message };

interface Waiting {
  resolve: (reply: CommandReplyMessage) => void;
  reject: (error: AppError) => void;
  timer: NodeJS.Timeout;
}

export class RemoteCommands {
  private readonly waiting = new Map<string, Waiting>();

  /** `runLocally` runs a command on a link this node holds (the hub's own `command`). */
  constructor(
    private readonly bus: ClusterBus,
    runLocally: (boxId: number, command: AgentCommand, timeoutMs: number) => Promise<CommandReplyMessage>,
  ) {
    bus.onDirect((payload, from) => {
      const message = payload as Direct;
      if (message?.kind === 'command') {
        runLocally(message.boxId, message.command, message.timeoutMs).then(
          (reply) => bus.send(from, { kind: 'reply', requestId: message.requestId, reply } satisfies Direct),
          (error: unknown) => {
            const known = error instanceof AppError ? error : new AppError('BOX_OFFLINE');
            bus.send(from, {
              kind: 'failure',
              requestId: message.requestId,
              code: known.code,
              text: known.text,
            } satisfies Direct);
          },
        );
      } else if (message?.kind === 'reply' || message?.kind === 'failure') {
        const waiting = this.waiting.get(message.requestId);
        if (!waiting) return;
        clearTimeout(waiting.timer);
        this.waiting.delete(message.requestId);
        if (message.kind === 'reply') waiting.resolve(message.reply);
        else waiting.reject(new AppError(message.code, message.text));
      }
    });
  }

  /** Runs `command` on box `boxId` through node `node`, which holds its link. */
  forward(
    node: string,
    boxId: number,
    command: AgentCommand,
    timeoutMs: number,
  ): Promise<CommandReplyMessage> {
    const requestId = randomBytes(8).toString('hex');
    return new Promise<CommandReplyMessage>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting.delete(requestId);
        reject(boxTimeout(timeoutMs));
      }, timeoutMs + 2_000);
      this.waiting.set(requestId, { resolve, reject, timer });
      this.bus.send(node, { kind: 'command', requestId, boxId, command, timeoutMs } satisfies Direct);
    });
  }

  /** Fails every waiting command (the node is closing). */
  close(): void {
    for (const [id, waiting] of this.waiting) {
      clearTimeout(waiting.timer);
      this.waiting.delete(id);
      waiting.reject(new AppError('BOX_OFFLINE'));
    }
  }
}

/**
 * Commands routed to one link, waiting for their replies. Each gets a server-made id and a timeout;
 * when the link closes every waiting command fails at once as "box offline" instead of hanging.
 */
import type { CommandReplyMessage } from '@storefleet/contracts';

import { AppError, type Message } from '../../http/errors';

/** A box did not answer a command within `timeoutMs`. */
export function boxTimeout(timeoutMs: number): AppError {
  return new AppError('BOX_TIMEOUT', {
    zh: `门店盒子在 ${Math.round(timeoutMs / 1000)} 秒内没有响应，请检查其网络后重试`,
    en: `The store box did not answer within ${Math.round(timeoutMs / 1000)} s; check its network and try again`,
  });
}

interface Waiting {
  resolve: (reply: CommandReplyMessage) => void;
  reject: (error: AppError) => void;
  timer: NodeJS.Timeout;
}

let nextId = 0;

export class PendingCommands {
  private readonly waiting = new Map<string, Waiting>();

  /** A fresh command id and the promise of its reply (rejects BOX_TIMEOUT after `timeoutMs`). */
  open(timeoutMs: number): { id: string; reply: Promise<CommandReplyMessage> } {
    nextId = (nextId + 1) % Number.MAX_SAFE_INTEGER;
    const id = `cmd-${Date.now().toString(36)}-${nextId}`;
    const reply = new Promise<CommandReplyMessage>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting.delete(id);
        reject(boxTimeout(timeoutMs));
      }, timeoutMs);
      this.waiting.set(id, { resolve, reject, timer });
    });
    return { id, reply };
  }

  /** Delivers a reply; replies to unknown or timed-out ids are ignored. */
  settle(reply: CommandReplyMessage): void {
    const waiting = this.waiting.get(reply.id);
    if (!waiting) return;
    clearTimeout(waiting.timer);
    this.waiting.delete(reply.id);
    waiting.resolve(reply);
  }

  /** Fails every waiting command (the link closed). */
  failAll(message: Message): void {
    for (const [id, waiting] of this.waiting) {
      clearTimeout(waiting.timer);
      this.waiting.delete(id);
      waiting.reject(new AppError('BOX_OFFLINE', message));
    }
  }
}

/**
 * Config requests waiting for the server's `config` frame (the reloadConfig command): the agent's link
 * and the simulator's box link both ask and settle through this.
 */
import type { AgentConfig } from '@storefleet/contracts';

export class ConfigRequests {
  private waiters: ((config: AgentConfig) => void)[] = [];

  /** Sends the request with `send` and resolves with the next config, or rejects after `timeoutMs`. */
  request(send: () => void, timeoutMs: number): Promise<AgentConfig> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w !== waiter);
        reject(new Error('the server did not send the config in time'));
      }, timeoutMs);
      const waiter = (config: AgentConfig) => {
        clearTimeout(timer);
        resolve(config);
      };
      this.waiters.push(waiter);
      send();
    });
  }

  /** A config arrived: every waiting request resolves with it. */
  settle(config: AgentConfig): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const waiter of waiters) waiter(config);
  }
}

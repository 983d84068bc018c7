// Test peer: the real agent's link and on-disk buffer, on a box whose clock is `skewMs` off the real
// one. Tests against the real hub (apps/server) use it for clock skew and re-imaged boxes: the values
// they report carry the box's time, as the agent's probes would.
import type { AgentValue, UnsequencedValue, WelcomeMessage } from '@storefleet/contracts';

import { ValueBuffer } from '../buffer/value-buffer';
import { createCommandDispatcher } from '../commands';
import { AgentLink } from '../link/link-client';

export interface ClockedBoxOptions {
  /** The server's base URL (http://127.0.0.1:port). */
  server: string;
  key: string;
  /** The box's buffer directory; a fresh one is a re-imaged box. */
  dataDir: string;
  /** Box clock minus real time, ms (negative: behind). */
  skewMs: number;
}

export class ClockedBox {
  readonly buffer: ValueBuffer;
  readonly link: AgentLink;
  readonly welcomes: WelcomeMessage[] = [];

  constructor(private readonly options: ClockedBoxOptions) {
    this.buffer = new ValueBuffer(options.dataDir);
    this.link = new AgentLink({
      server: options.server,
      key: options.key,
      mode: 'box',
      hostname: 'clocked-box',
      buffer: this.buffer,
      log: () => undefined,
      onWelcome: (welcome) => this.welcomes.push(welcome),
      onConfig: () => undefined,
      onCommand: createCommandDispatcher({
        reloadConfig: () => Promise.reject(new Error('not in these tests')),
      }),
      backoff: { baseMs: 20, capMs: 200 },
      clock: () => this.now(),
    });
  }

  /** The box's clock. */
  now(): number {
    return Date.now() + this.options.skewMs;
  }

  start(): void {
    this.link.start();
  }

  stop(): void {
    this.link.stop();
  }

  /** Buffers values (their `at` on the box clock) and sends them; returns them with their seq. */
  report(values: readonly UnsequencedValue[]): AgentValue[] {
    const sequenced = this.buffer.append(values);
    this.link.notify();
    return sequenced;
  }
}

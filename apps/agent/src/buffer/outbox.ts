import type { UnsequencedValue } from '@storefleet/contracts';

import type { ValueBuffer } from './value-buffer';

export interface OutboxOptions {
  buffer: ValueBuffer;
  /** Called after values reached the buffer (the link sends them). */
  onFlushed: () => void;
  /** Longest a value waits in memory before it is written, ms (default 200). */
  flushAfterMs?: number;
  /** Values that trigger an immediate write (default 500). */
  flushAt?: number;
}

/**
 * Gathers values from the probes and the syslog receiver and writes them to the buffer in groups, so a
 * syslog burst costs a few disk writes, not one per line. Values wait in memory at most `flushAfterMs`.
 */
export class Outbox {
  private pending: UnsequencedValue[] = [];
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly options: OutboxOptions) {}

  /** Queues one value for the buffer. */
  emit(value: UnsequencedValue): void {
    this.pending.push(value);
    if (this.pending.length >= (this.options.flushAt ?? 500)) this.flush();
    else this.timer ??= setTimeout(() => this.flush(), this.options.flushAfterMs ?? 200);
  }

  /** Writes what is queued now. */
  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.pending.length === 0) return;
    const values = this.pending;
    this.pending = [];
    this.options.buffer.append(values);
    this.options.onFlushed();
  }
}

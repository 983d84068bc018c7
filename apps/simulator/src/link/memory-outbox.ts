import { randomUUID } from 'node:crypto';

import type { AgentValue, UnsequencedValue } from '@storefleet/contracts';

interface Entry {
  value: AgentValue;
  sent: boolean;
}

/**
 * The simulated box's outbox, in memory: every value gets the next seq of its device, waits until the
 * server acks it (cumulatively per device), and is read again from the oldest unacked one after the
 * link comes back, with the same seq. When it holds `maxValues` the oldest go and are counted, as the
 * real agent's disk buffer does. Cursors are absolute positions, so they survive compaction. Seqs
 * start at 1 under an epoch of this outbox's own (a restarted simulator is a box with a fresh data
 * directory), never from the clock.
 */
export class MemoryOutbox {
  private entries: Entry[] = [];
  /** Absolute position of entries[0]. */
  private base = 0;
  /** Absolute position of the oldest value that may still be unacked. */
  private head = 0;
  private readonly seqs = new Map<string, number>();
  private readonly acked = new Map<string, number>();
  private droppedSinceTaken = 0;
  /** Totals since start. */
  readonly totals = { appended: 0, acked: 0, dropped: 0, resent: 0 };
  /** The epoch of this outbox's seq counters (hello carries it). */
  readonly epoch = randomUUID();

  constructor(private readonly maxValues = 100_000) {}

  /** Gives each value the next seq of its device and queues it. */
  append(values: readonly UnsequencedValue[]): void {
    for (const value of values) {
      const seq = (this.seqs.get(value.deviceId) ?? 0) + 1;
      this.seqs.set(value.deviceId, seq);
      this.entries.push({ value: { ...value, seq } as AgentValue, sent: false });
    }
    this.totals.appended += values.length;
    while (this.depth() > this.maxValues) {
      const oldest = this.at(this.head++);
      if (oldest && !this.isAcked(oldest.value)) {
        this.droppedSinceTaken++;
        this.totals.dropped++;
      }
    }
    this.compact();
  }

  /** Forgets, per device, every value with seq ≤ the committed one. */
  ack(committed: readonly { deviceId: string; seq: number }[]): void {
    for (const { deviceId, seq } of committed) {
      if (seq > (this.acked.get(deviceId) ?? 0)) this.acked.set(deviceId, seq);
      // A server mark above the counter (a server that knows no epochs): continue above it.
      if (seq > (this.seqs.get(deviceId) ?? 0)) this.seqs.set(deviceId, seq);
    }
    // Batches are acked in the order they were sent, so acked values form a prefix of the queue.
    for (let entry = this.at(this.head); entry && this.isAcked(entry.value); entry = this.at(this.head)) {
      this.head++;
      this.totals.acked++;
    }
    this.compact();
  }

  /** The position of the oldest value not yet acked: where a new link starts reading. */
  start(): number {
    return this.head;
  }

  /** Up to `max` unacked values from `cursor` on, oldest first, and the cursor after them. */
  read(cursor: number, max: number): { values: AgentValue[]; cursor: number } {
    const values: AgentValue[] = [];
    const end = this.base + this.entries.length;
    let position = Math.max(cursor, this.head);
    for (; position < end && values.length < max; position++) {
      const entry = this.at(position);
      if (!entry || this.isAcked(entry.value)) continue;
      if (entry.sent) this.totals.resent++;
      entry.sent = true;
      values.push(entry.value);
    }
    return { values, cursor: position };
  }

  /** Values after `cursor` not yet read (what burst mode keeps topped up). */
  unread(cursor: number): number {
    return this.base + this.entries.length - Math.max(cursor, this.head);
  }

  /** Values waiting for an ack. */
  depth(): number {
    return this.base + this.entries.length - this.head;
  }

  /** Values dropped because the outbox was full, since the previous call. */
  takeDropped(): number {
    const n = this.droppedSinceTaken;
    this.droppedSinceTaken = 0;
    return n;
  }

  private at(position: number): Entry | undefined {
    return this.entries[position - this.base];
  }

  private compact(): void {
    const done = this.head - this.base;
    if (done < 4096 || done * 2 < this.entries.length) return;
    this.entries = this.entries.slice(done);
    this.base = this.head;
  }

  private isAcked(value: AgentValue): boolean {
    return value.seq <= (this.acked.get(value.deviceId) ?? 0);
  }
}

import type { UnsequencedValue } from '@storefleet/contracts';
import { describe, expect, it } from 'vitest';

import { MemoryOutbox } from './memory-outbox';

const echo = (deviceId: string, at: number): UnsequencedValue => ({
  kind: 'reachability',
  deviceId,
  at,
  online: true,
  delayMs: 1,
  jitterMs: 0.1,
  lossRate: 0,
});

describe('memory outbox of a simulated box', () => {
  it('numbers each device’s values from 1, one up per value, under an epoch of its own', () => {
    const outbox = new MemoryOutbox(100);
    outbox.append([echo('1', 1_700_000_000_000), echo('2', 2), echo('1', 3)]);
    const { values } = outbox.read(outbox.start(), 10);
    expect(values.map((v) => [v.deviceId, v.seq])).toEqual([
      ['1', 1],
      ['2', 1],
      ['1', 2],
    ]);
    expect(outbox.epoch).not.toBe(new MemoryOutbox(100).epoch);
  });

  it('reads unacked values again from the start with the same seqs, and never acked ones', () => {
    const outbox = new MemoryOutbox();
    outbox.append([echo('1', 1), echo('2', 2), echo('1', 3), echo('2', 4)]);
    const first = outbox.read(outbox.start(), 10).values;
    outbox.ack([
      { deviceId: '1', seq: first[0]?.seq ?? 0 },
      { deviceId: '2', seq: first[1]?.seq ?? 0 },
    ]);
    const again = outbox.read(outbox.start(), 10).values;
    expect(again).toEqual(first.slice(2));
    expect(outbox.totals).toMatchObject({ acked: 2, resent: 2 });
    expect(outbox.depth()).toBe(2);
  });

  it('drops the oldest values when full and counts them once', () => {
    const outbox = new MemoryOutbox(3);
    outbox.append([echo('1', 1), echo('1', 2), echo('1', 3), echo('1', 4), echo('1', 5)]);
    expect(outbox.read(outbox.start(), 10).values.map((v) => v.at)).toEqual([3, 4, 5]);
    expect(outbox.takeDropped()).toBe(2);
    expect(outbox.takeDropped()).toBe(0);
  });

  it('keeps reading from where a link left off across compaction', () => {
    const outbox = new MemoryOutbox();
    outbox.append(Array.from({ length: 10_000 }, (_, i) => echo('1', i)));
    let cursor = outbox.start();
    const sent: number[] = [];
    for (let batch = outbox.read(cursor, 1000); batch.values.length > 0; batch = outbox.read(cursor, 1000)) {
      cursor = batch.cursor;
      sent.push(...batch.values.map((v) => v.at));
      // Ack as we go so the outbox compacts under the reader.
      const last = batch.values.at(-1);
      if (last) outbox.ack([{ deviceId: '1', seq: last.seq }]);
      if (sent.length === 5000) outbox.append(Array.from({ length: 10 }, (_, i) => echo('1', 10_000 + i)));
    }
    expect(sent).toEqual(Array.from({ length: 10_010 }, (_, i) => i));
    expect(outbox.depth()).toBe(0);
  });
});

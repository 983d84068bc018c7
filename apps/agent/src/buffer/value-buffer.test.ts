import { appendFileSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { UnsequencedValue } from '@storefleet/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { BUFFER_START, ValueBuffer } from './value-buffer';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'storefleet-buffer-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

const reach = (deviceId: string, at: number): UnsequencedValue => ({
  deviceId,
  at,
  kind: 'reachability',
  online: true,
  delayMs: 1,
  jitterMs: 0,
  lossRate: 0,
});

const readAll = (buffer: ValueBuffer) => buffer.read(BUFFER_START, 10_000).values;

describe('value buffer', () => {
  it('gives each device its own increasing seq, starting from the clock for a new device', () => {
    const buffer = new ValueBuffer(dir, { now: () => 1_700_000_000_000 });
    const values = buffer.append([reach('a', 1), reach('b', 2), reach('a', 3)]);
    expect(values.map((v) => [v.deviceId, v.seq])).toEqual([
      ['a', 1_700_000_000_000_001],
      ['b', 1_700_000_000_000_001],
      ['a', 1_700_000_000_000_002],
    ]);
  });

  it('hands a new instance on the same directory every unacked value the old one wrote, in order', () => {
    const old = new ValueBuffer(dir, { segmentValues: 2 });
    old.append([reach('a', 1), reach('b', 2), reach('a', 3)]);
    old.ack([{ deviceId: 'b', seq: old.read(BUFFER_START, 10).values[1]?.seq ?? 0 }]);
    const reopened = new ValueBuffer(dir, { segmentValues: 2 });
    expect(readAll(reopened).map((v) => [v.deviceId, v.at])).toEqual([
      ['a', 1],
      ['a', 3],
    ]);
    expect(reopened.depth()).toBe(2);
  });

  it('keeps seq numbers increasing across restarts, even after every value was acked and deleted', () => {
    const first = new ValueBuffer(dir);
    const [sent] = first.append([reach('a', 1)]);
    first.ack([{ deviceId: 'a', seq: sent?.seq ?? 0 }]);
    expect(readdirSync(dir).filter((f) => f.startsWith('segment-'))).toEqual([]);
    // A clock that went backwards must not matter: the persisted counter wins.
    const second = new ValueBuffer(dir, { now: () => 0 });
    const [next] = second.append([reach('a', 2)]);
    expect(next?.seq).toBe((sent?.seq ?? 0) + 1);
  });

  it('drops the oldest values when full and counts how many it dropped', () => {
    const buffer = new ValueBuffer(dir, { maxValues: 4, segmentValues: 2 });
    buffer.append([1, 2, 3, 4, 5, 6].map((at) => reach('a', at)));
    expect(readAll(buffer).map((v) => v.at)).toEqual([3, 4, 5, 6]);
    expect(buffer.takeDropped()).toBe(2);
    expect(buffer.takeDropped()).toBe(0);
    buffer.append([reach('a', 7)]);
    expect(readAll(buffer).map((v) => v.at)).toEqual([5, 6, 7]);
    expect(buffer.takeDropped()).toBe(2);
  });

  it('bounds the bytes on disk as well as the number of values', () => {
    const buffer = new ValueBuffer(dir, { maxBytes: 600, segmentValues: 1 });
    buffer.append([1, 2, 3, 4, 5, 6, 7, 8].map((at) => reach('a', at)));
    const kept = readAll(buffer).map((v) => v.at);
    expect(kept.at(-1)).toBe(8);
    expect(kept.length).toBeLessThan(8);
    expect(buffer.takeDropped()).toBe(8 - kept.length);
  });

  it('does not read acked values again and reads on from a cursor', () => {
    const buffer = new ValueBuffer(dir, { segmentValues: 2 });
    const values = buffer.append([1, 2, 3].map((at) => reach('a', at)));
    const firstTwo = buffer.read(BUFFER_START, 2);
    expect(firstTwo.values.map((v) => v.at)).toEqual([1, 2]);
    expect(buffer.read(firstTwo.cursor, 10).values.map((v) => v.at)).toEqual([3]);
    buffer.ack([{ deviceId: 'a', seq: values[1]?.seq ?? 0 }]);
    expect(readAll(buffer).map((v) => v.at)).toEqual([3]);
  });

  it('skips and counts a value torn by a crash mid-write, and writes on to a fresh file', () => {
    const old = new ValueBuffer(dir);
    old.append([reach('a', 1)]);
    const [file] = readdirSync(dir).filter((f) => f.startsWith('segment-'));
    appendFileSync(join(dir, file ?? ''), '{"deviceId":"a","seq":9');
    const reopened = new ValueBuffer(dir);
    expect(reopened.takeDropped()).toBe(1);
    reopened.append([reach('a', 2)]);
    expect(readAll(reopened).map((v) => v.at)).toEqual([1, 2]);
    expect(readdirSync(dir).filter((f) => f.startsWith('segment-'))).toHaveLength(2);
  });
});

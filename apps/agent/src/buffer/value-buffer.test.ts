import { appendFileSync, mkdtempSync, readdirSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { LEGACY_SEQ_EPOCH, type UnsequencedValue } from '@storefleet/contracts';
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
  it('gives each device its own increasing seq, starting at 1 for a new device whatever the clock says', () => {
    const buffer = new ValueBuffer(dir);
    const values = buffer.append([reach('a', 1_700_000_000_000), reach('b', 2), reach('a', 3)]);
    expect(values.map((v) => [v.deviceId, v.seq])).toEqual([
      ['a', 1],
      ['b', 1],
      ['a', 2],
    ]);
  });

  it('gives fresh counters a new epoch and keeps it across restarts, so a re-imaged box is told apart', () => {
    const first = new ValueBuffer(dir);
    first.append([reach('a', 1)]);
    expect(new ValueBuffer(dir).epoch).toBe(first.epoch);
    const elsewhere = mkdtempSync(join(tmpdir(), 'storefleet-buffer-'));
    try {
      expect(new ValueBuffer(elsewhere).epoch).not.toBe(first.epoch);
    } finally {
      rmSync(elsewhere, { recursive: true, force: true });
    }
    // The counters are lost (unreadable file): they start afresh, so under a new epoch.
    writeFileSync(join(dir, 'seq.json'), '{"a": 1');
    const lost = new ValueBuffer(dir);
    expect(lost.epoch).not.toBe(first.epoch);
  });

  it('keeps the numbers of counters from before epochs under the legacy epoch (agent upgraded in place)', () => {
    const old = new ValueBuffer(dir);
    const [sent] = old.append([reach('a', 1)]);
    unlinkSync(join(dir, 'epoch'));
    const upgraded = new ValueBuffer(dir);
    expect(upgraded.epoch).toBe(LEGACY_SEQ_EPOCH);
    expect(upgraded.append([reach('a', 2)])[0]?.seq).toBe((sent?.seq ?? 0) + 1);
  });

  it('continues above a committed mark higher than its counter (directory restored from a backup)', () => {
    const buffer = new ValueBuffer(dir);
    buffer.append([reach('a', 1)]);
    buffer.ack([{ deviceId: 'a', seq: 50 }]);
    expect(buffer.append([reach('a', 2)])[0]?.seq).toBe(51);
    expect(new ValueBuffer(dir).append([reach('a', 3)])[0]?.seq).toBe(52);
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
    // Seqs never come from the clock: the persisted counter continues.
    const second = new ValueBuffer(dir);
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

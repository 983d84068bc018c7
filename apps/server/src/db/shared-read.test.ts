import { describe, expect, it } from 'vitest';

import { SharedReads } from './shared-read';

/** A read that finishes when the test says so, counting how often it was started. */
function gate<T>() {
  let started = 0;
  let finish: (value: T) => void = () => {};
  let fail: (error: Error) => void = () => {};
  const read = () => {
    started += 1;
    return new Promise<T>((resolve, reject) => {
      finish = resolve;
      fail = reject;
    });
  };
  return { read, started: () => started, finish: (v: T) => finish(v), fail: (e: Error) => fail(e) };
}

describe('shared reads', () => {
  it('give concurrent callers of one key and version one read and its answer', async () => {
    const reads = new SharedReads<string>();
    const g = gate<string>();
    const a = reads.run('page 1', 7, g.read);
    const b = reads.run('page 1', 7, g.read);
    g.finish('rows');
    expect(await Promise.all([a, b])).toEqual(['rows', 'rows']);
    expect(g.started()).toBe(1);
  });

  it('never let a caller after a committed write join a read that may predate it', async () => {
    const reads = new SharedReads<string>();
    const before = gate<string>();
    const after = gate<string>();
    const old = reads.run('page 1', 7, before.read);
    const fresh = reads.run('page 1', 8, after.read);
    after.finish('new rows');
    before.finish('old rows');
    expect(await fresh).toBe('new rows');
    expect(await old).toBe('old rows');
    expect(before.started() + after.started()).toBe(2);
  });

  it('read again once a read has finished, and after a failed one', async () => {
    const reads = new SharedReads<string>();
    const first = gate<string>();
    const failing = reads.run('count', 1, first.read);
    first.fail(new Error('database gone'));
    await expect(failing).rejects.toThrow('database gone');
    const second = gate<string>();
    const retried = reads.run('count', 1, second.read);
    second.finish('42');
    expect(await retried).toBe('42');
    expect(second.started()).toBe(1);
    const third = gate<string>();
    const again = reads.run('count', 1, third.read);
    third.finish('43');
    expect(await again).toBe('43');
  });

  it('keep different keys apart', async () => {
    const reads = new SharedReads<string>();
    const one = gate<string>();
    const two = gate<string>();
    const a = reads.run('page 1', 3, one.read);
    const b = reads.run('page 2', 3, two.read);
    one.finish('first');
    two.finish('second');
    expect([await a, await b]).toEqual(['first', 'second']);
  });
});

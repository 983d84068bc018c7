import { expect, it } from 'vitest';

import { IngestGate } from './ingest-gate';

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve: () => void = () => undefined;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

it('runs at most its limit of results frames at once and lets the others in by arrival', async () => {
  const gate = new IngestGate(2);
  const started: number[] = [];
  const finishers = [deferred(), deferred(), deferred(), deferred()];
  const runs = finishers.map((finish, i) =>
    gate.run(async () => {
      started.push(i);
      await finish.promise;
      return i;
    }),
  );
  await new Promise((resolve) => setImmediate(resolve));
  expect(started).toEqual([0, 1]);

  finishers[1]?.resolve();
  await runs[1];
  await new Promise((resolve) => setImmediate(resolve));
  expect(started).toEqual([0, 1, 2]);

  for (const finish of finishers) finish.resolve();
  expect(await Promise.all(runs)).toEqual([0, 1, 2, 3]);
  expect(started).toEqual([0, 1, 2, 3]);
});

it('frees its slot when a frame fails to commit', async () => {
  const gate = new IngestGate(1);
  await expect(gate.run(() => Promise.reject(new Error('commit failed')))).rejects.toThrow('commit failed');
  expect(await gate.run(async () => 'next batch stored')).toBe('next batch stored');
});

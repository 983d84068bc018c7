import { expect, it } from 'vitest';

import { IngestGate } from './ingest-gate';

/** Lets the gate's frames read past their event-loop turn and queue up. */
const settle = async () => {
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
};

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve: () => void = () => undefined;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

it('runs at most its limit of results frames at once and lets the boxes in by arrival', async () => {
  const gate = new IngestGate(2);
  const started: number[] = [];
  const finishers = [deferred(), deferred(), deferred(), deferred()];
  const runs = finishers.map((finish, i) =>
    gate.run(i, async () => {
      started.push(i);
      await finish.promise;
      return i;
    }),
  );
  await settle();
  expect(started).toEqual([0, 1]);

  finishers[1]?.resolve();
  await runs[1];
  await settle();
  expect(started).toEqual([0, 1, 2]);

  for (const finish of finishers) finish.resolve();
  expect(await Promise.all(runs)).toEqual([0, 1, 2, 3]);
  expect(started).toEqual([0, 1, 2, 3]);
});

it('frees its slot when a frame fails to commit', async () => {
  const gate = new IngestGate(1);
  await expect(gate.run(1, () => Promise.reject(new Error('commit failed')))).rejects.toThrow(
    'commit failed',
  );
  expect(await gate.run(1, async () => 'next batch stored')).toBe('next batch stored');
});

it('gives waiting boxes turns round robin: a box with many frames waiting does not go before the others', async () => {
  const gate = new IngestGate(1);
  const turns: string[] = [];
  const first = deferred();
  const running = gate.run(1, async () => {
    turns.push('flood-1');
    await first.promise;
  });
  // Box 1 floods: three more frames wait before box 2 and box 3 have one each.
  const waiting = [
    gate.run(1, async () => void turns.push('flood-2')),
    gate.run(1, async () => void turns.push('flood-3')),
    gate.run(1, async () => void turns.push('flood-4')),
    gate.run(2, async () => void turns.push('box-2')),
    gate.run(3, async () => void turns.push('box-3')),
  ];
  await settle();
  first.resolve();
  await Promise.all([running, ...waiting]);
  expect(turns).toEqual(['flood-1', 'flood-2', 'box-2', 'box-3', 'flood-3', 'flood-4']);
});

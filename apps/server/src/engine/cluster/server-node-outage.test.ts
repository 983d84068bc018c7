// After the database was away (issue 31 §1), no node had beaten for a while, so every heartbeat is old.
// A node that comes back must not take over the runs of nodes that were only as cut off as it was: it
// waits one stale period of fresh heartbeats, then judges — and a node that stayed silent is gone.
import pino from 'pino';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';

import { openTestDatabase, type TestDatabase } from '../../testing/test-database';
import { ServerNode } from './server-node';

const T0 = Date.UTC(2026, 11, 7, 12);
const TIMERS = { beatEveryMs: 5_000, staleAfterMs: 15_000 };
const IDS = ['host-a:1:x', 'host-b:1:x', 'host-c:1:x'];

let store: TestDatabase;
beforeAll(async () => {
  store = await openTestDatabase();
  vi.useFakeTimers({ toFake: ['Date'] });
});
afterAll(async () => {
  vi.useRealTimers();
  await store.cleanup();
});

/** A node on its own host (so only heartbeats tell), recording whom each takeover pass finds gone. */
function node(host: string) {
  const identity = { id: `${host}:1:x`, host, pid: 1, startedAt: T0, processStartedAt: T0 };
  const judged: Array<{ at: number; gone: string[] }> = [];
  const serverNode = new ServerNode(
    { db: store.database.db, log: pino({ level: 'silent' }) },
    identity,
    TIMERS,
  );
  serverNode.onTakeover('test', async (gone) => {
    judged.push({ at: Date.now() - T0, gone: IDS.filter((id) => gone(id)) });
  });
  return { serverNode, judged };
}

it('takes over no run of a node that was as cut off as itself, and a silent one after a stale period', async () => {
  const a = node('host-a');
  const b = node('host-b');
  const c = node('host-c');
  const beat = async (ms: number, ...nodes: Array<ReturnType<typeof node>>) => {
    vi.setSystemTime(T0 + ms);
    for (const n of nodes) await n.serverNode.check();
  };
  // Before the outage all three beat (the very first pass of A ran before B and C had ever beaten).
  await beat(0, a, b, c);
  await beat(5_000, a, b, c);
  expect(a.judged.at(-1)).toEqual({ at: 5_000, gone: [] });

  // The database is away for 55 s: nobody beats. It comes back; A beats first, B a second later, and
  // C (which died meanwhile) never again.
  await beat(60_000, a);
  await beat(61_000, b);
  for (let ms = 65_000; ms <= 80_000; ms += 5_000) await beat(ms, a, b);

  const after = (n: ReturnType<typeof node>) => n.judged.filter((j) => j.at >= 60_000);
  expect(after(a)).toEqual([
    { at: 75_000, gone: ['host-c:1:x'] },
    { at: 80_000, gone: ['host-c:1:x'] },
  ]);
  expect(after(b)).toEqual([{ at: 80_000, gone: ['host-c:1:x'] }]);
});

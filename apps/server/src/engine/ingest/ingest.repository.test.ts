// The batch writes at the end of an ingest transaction, on a real database (SQLite, or PostgreSQL with
// TEST_DB=postgres, where each is one statement for the whole batch): the seq marks only ever rise, for
// the reporter that sent; devices that changed status get every online column, the others only
// last_seen_at — so a batch without a change leaves the device list's cached counts valid.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestApp, type TestApp } from '../../testing/test-app';
import {
  lockSeqMarks,
  ONLINE_COLUMNS,
  type OnlineState,
  saveOnlineStates,
  saveSeqMarks,
} from './ingest.repository';

let t: TestApp;
let devices: number[];
let reporter: number;
let other: number;

beforeAll(async () => {
  t = await createTestApp({ demo: true });
  const rows = await t.ctx.db.selectFrom('devices').select('id').orderBy('id').limit(6).execute();
  devices = rows.map((r) => r.id).slice(0, 4);
  [reporter, other] = rows.map((r) => r.id).slice(4) as [number, number];
});
afterAll(() => t.close());

const dialect = () => t.database.dialect;

async function marks(of: number): Promise<Map<number, number>> {
  const rows = await t.ctx.db
    .selectFrom('device_seq')
    .select(['device_id', 'seq'])
    .where('reporter_id', '=', of)
    .execute();
  return new Map(rows.map((r) => [r.device_id, Number(r.seq)]));
}

async function online(ids: readonly number[]): Promise<OnlineState[]> {
  return t.ctx.db
    .selectFrom('devices')
    .select(['id', ...ONLINE_COLUMNS])
    .where('id', 'in', [...ids])
    .orderBy('id')
    .execute();
}

describe('ingest batch writes', () => {
  it('raises each mark to the batch seq, never lowers one, and leaves other reporters marks alone', async () => {
    const [a, b, c] = devices as [number, number, number];
    await t.ctx.db.transaction().execute(async (trx) => {
      await lockSeqMarks(trx, dialect(), reporter, [a, b, c]);
      await lockSeqMarks(trx, dialect(), other, [a]);
      await saveSeqMarks(
        trx,
        dialect(),
        reporter,
        new Map([
          [a, 50],
          [b, 70],
          [c, 9_000_000_000_001],
        ]),
      );
      await saveSeqMarks(trx, dialect(), other, new Map([[a, 5]]));
    });
    // A later batch with one mark below what is stored (a replaced link still committing).
    await t.ctx.db.transaction().execute(async (trx) => {
      await saveSeqMarks(
        trx,
        dialect(),
        reporter,
        new Map([
          [a, 40],
          [b, 71],
        ]),
      );
    });
    expect(await marks(reporter)).toEqual(
      new Map([
        [a, 50],
        [b, 71],
        [c, 9_000_000_000_001],
      ]),
    );
    expect(await marks(other)).toEqual(new Map([[a, 5]]));
  });

  it('writes every online column of a device that changed and only last_seen_at of the others', async () => {
    const [a, b, c, d] = devices as [number, number, number, number];
    const before = await online([a, b, c, d]);
    const base = new Map(before.map((s) => [s.id, s]));
    const at = Date.now();
    const states: OnlineState[] = [
      {
        id: a,
        online_status: 1,
        device_online_time: at,
        first_online_time: at - 5,
        latest_offline_time: null,
        last_seen_at: at,
      },
      {
        id: b,
        online_status: 0,
        device_online_time: null,
        first_online_time: at - 9,
        latest_offline_time: at,
        last_seen_at: at + 1,
      },
      // Not transitioned: whatever else the state says, only last_seen_at is written.
      {
        id: c,
        online_status: 1 - (base.get(c)?.online_status ?? 0),
        device_online_time: 1,
        first_online_time: 2,
        latest_offline_time: 3,
        last_seen_at: at + 2,
      },
    ];
    const counts = t.database.writes.watch({ devices: ['online_status'] });
    const seen = t.database.writes.watch({ devices: ['last_seen_at'] });
    await t.ctx.db.transaction().execute(async (trx) => {
      await saveOnlineStates(trx, dialect(), states, new Set([a, b]));
    });
    const after = new Map((await online([a, b, c, d])).map((s) => [s.id, s]));
    expect(after.get(a)).toEqual(states[0]);
    expect(after.get(b)).toEqual(states[1]);
    expect(after.get(c)).toEqual({ ...base.get(c), last_seen_at: at + 2 });
    expect(after.get(d)).toEqual(base.get(d));
    expect(counts.version()).toBeGreaterThan(0);
    expect(seen.version()).toBeGreaterThan(0);

    // A batch where no device changed status: the watch on the status column does not move.
    const statusVersion = counts.version();
    await t.ctx.db.transaction().execute(async (trx) => {
      await saveOnlineStates(
        trx,
        dialect(),
        [{ ...(after.get(c) as OnlineState), last_seen_at: at + 3 }],
        new Set(),
      );
    });
    expect(counts.version()).toBe(statusVersion);
    expect((await online([c]))[0]?.last_seen_at).toBe(at + 3);
  });
});

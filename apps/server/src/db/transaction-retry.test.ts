// A transaction rolled back as a deadlock's victim runs again (transaction-retry.ts): on PostgreSQL two
// real transactions take two rows in opposite orders and both commit, one of them on its second run; on
// SQLite (TEST_DB unset) the same two run one after the other and never meet. Other errors are not
// retried, and a transaction that keeps failing gives up with the database's error.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { openTestDatabase, type TestDatabase } from '../testing/test-database';
import { TRANSACTION_ATTEMPTS, withTransactionRetry } from './transaction-retry';

let t: TestDatabase;

beforeAll(async () => {
  t = await openTestDatabase();
  await sql`create table retry_probe (id integer primary key, n integer not null)`.execute(t.database.db);
  await sql`insert into retry_probe (id, n) values (1, 0), (2, 0)`.execute(t.database.db);
});
afterAll(() => t.cleanup());

/** A promise and its resolver. */
function signal(): { done: Promise<void>; set: () => void } {
  let set = () => {};
  const done = new Promise<void>((resolve) => {
    set = resolve;
  });
  return { done, set };
}

describe('withTransactionRetry', () => {
  it('runs the deadlock victim again, so both transactions commit', async () => {
    const concurrent = t.database.dialect === 'postgres';
    const took = [signal(), signal()];
    let runs = 0;
    // Transaction `me` takes row `first`, waits until the other holds its first row, then takes `second`.
    const crossing = (me: 0 | 1, first: number, second: number) =>
      withTransactionRetry(() => {
        runs++;
        return t.database.db.transaction().execute(async (trx) => {
          await sql`update retry_probe set n = n + 1 where id = ${first}`.execute(trx);
          took[me]?.set();
          if (concurrent) await took[1 - me]?.done;
          await sql`update retry_probe set n = n + 1 where id = ${second}`.execute(trx);
        });
      });
    await Promise.all([crossing(0, 1, 2), crossing(1, 2, 1)]);
    const rows = await sql<{ id: number; n: number }>`select id, n from retry_probe order by id`.execute(
      t.database.db,
    );
    expect(rows.rows.map((r) => [Number(r.id), Number(r.n)])).toEqual([
      [1, 2],
      [2, 2],
    ]);
    // PostgreSQL rolled one back (deadlock detected) and it ran a second time; SQLite never met them.
    expect(runs).toBe(concurrent ? 3 : 2);
  });

  it('does not run again on other errors, and gives up after its attempts', async () => {
    /** Runs of a transaction that always fails with `error`, once withTransactionRetry gave it up. */
    const runsFailingWith = async (error: Error) => {
      let runs = 0;
      await expect(
        withTransactionRetry(async () => {
          runs++;
          throw error;
        }),
      ).rejects.toBe(error);
      return runs;
    };
    expect(await runsFailingWith(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(1);
    expect(await runsFailingWith(Object.assign(new Error('deadlock detected'), { code: '40P01' }))).toBe(
      TRANSACTION_ATTEMPTS,
    );
  });
});

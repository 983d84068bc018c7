// Write watches belong to one database handle (Database.writes), not to the process: a write through
// one handle moves that handle's watches only, and a write in a transaction moves them once it ends.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { openTestDatabase, type TestDatabase } from '../testing/test-database';

let a: TestDatabase;
let b: TestDatabase;

beforeAll(async () => {
  a = await openTestDatabase();
  b = await openTestDatabase();
});
afterAll(async () => {
  await a.cleanup();
  await b.cleanup();
});

/** A new dictionary item through `t` (the table has no foreign keys to satisfy). */
async function addItem(t: TestDatabase['database']['db'], code: string): Promise<void> {
  await t
    .insertInto('dictionary_items')
    .values({ type: 'WATCH_TEST', code, name: code, status: 1, sort: 0 })
    .execute();
}

describe('write watches', () => {
  it("move on their own handle's committed writes only", async () => {
    const onA = a.database.writes.watch({ dictionary_items: null });
    const onB = b.database.writes.watch({ dictionary_items: null });
    const unrelated = a.database.writes.watch({ devices: ['device_name'] });
    await addItem(a.database.db, 'a1');
    expect(onA.version()).toBe(1);
    expect(onB.version()).toBe(0);
    expect(unrelated.version()).toBe(0);
    await a.database.db.selectFrom('dictionary_items').selectAll().execute();
    expect(onA.version()).toBe(1);
  });

  it('move after a transaction ends, not while it is open', async () => {
    const watch = a.database.writes.watch({ dictionary_items: ['name'] });
    await a.database.db.transaction().execute(async (trx) => {
      await addItem(trx, 't1');
      await trx.updateTable('dictionary_items').set({ name: 'renamed' }).where('code', '=', 't1').execute();
      expect(watch.version()).toBe(0);
    });
    expect(watch.version()).toBe(1);
    // An update of a column the watch does not name moves nothing.
    await a.database.db.updateTable('dictionary_items').set({ sort: 5 }).where('code', '=', 't1').execute();
    expect(watch.version()).toBe(1);
  });
});

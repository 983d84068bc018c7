import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { PasswordHasher } from '../auth/passwords';
import { ConfigError } from '../config';
import { TEST_HASHING, testConfig } from '../testing/test-app';
import { openTestDatabase, type TestDatabase } from '../testing/test-database';
import { seedOnStart } from './seed';

let t: TestDatabase;
const hasher = new PasswordHasher(TEST_HASHING);

beforeEach(async () => {
  t = await openTestDatabase();
});
afterEach(() => t.cleanup());

async function count(table: 'companies' | 'stores' | 'users' | 'level_configs' | 'level_labels' | 'roles') {
  const row = await t.database.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('demo seed', () => {
  it('creates two companies with a three-level hierarchy, 40+ stores and one user of each type', async () => {
    const outcome = await seedOnStart(t.database, testConfig({ demo: true }), hasher);
    expect(outcome).toMatchObject({ kind: 'demo', password: 'Storefleet@2026' });
    expect(await count('companies')).toBe(2);
    expect(await count('stores')).toBeGreaterThanOrEqual(40);
    expect(await count('level_labels')).toBe(6);
    const users = await t.database.db
      .selectFrom('users')
      .select(['account_name', 'user_type'])
      .orderBy('user_type')
      .execute();
    expect(users).toEqual([
      { account_name: 'platform', user_type: 0 },
      { account_name: 'admin', user_type: 1 },
      { account_name: 'agent', user_type: 2 },
      { account_name: 'operator', user_type: 3 },
    ]);
    const levels = await t.database.db
      .selectFrom('level_configs')
      .select('level')
      .distinct()
      .orderBy('level')
      .execute();
    expect(levels.map((l) => l.level)).toEqual([1, 2, 3]);
    const unplaced = await t.database.db
      .selectFrom('stores')
      .select('id')
      .where((eb) =>
        eb.or([eb('area_level', 'is', null), eb('province_level', 'is', null), eb('city_level', 'is', null)]),
      )
      .execute();
    expect(unplaced).toEqual([]);
  });

  it('does not seed a second time', async () => {
    await seedOnStart(t.database, testConfig({ demo: true }), hasher);
    const before = await count('stores');
    expect(await seedOnStart(t.database, testConfig({ demo: true }), hasher)).toEqual({ kind: 'none' });
    expect(await count('stores')).toBe(before);
    expect(await count('users')).toBe(4);
  });
});

describe('without demo data', () => {
  it('creates only the first platform user from ADMIN_USERNAME / ADMIN_PASSWORD', async () => {
    const config = testConfig({ demo: false, adminUsername: 'root-admin', adminPassword: 'Long-enough-1' });
    expect(await seedOnStart(t.database, config, hasher)).toEqual({
      kind: 'first-admin',
      username: 'root-admin',
    });
    expect(await count('companies')).toBe(0);
    const user = await t.database.db
      .selectFrom('users')
      .select(['account_name', 'user_type', 'password_hash', 'status'])
      .executeTakeFirstOrThrow();
    expect(user).toMatchObject({ account_name: 'root-admin', user_type: 0, status: 'ACTIVE' });
    expect(await hasher.verify(user.password_hash, 'Long-enough-1')).toBe(true);
    expect(await seedOnStart(t.database, config, hasher)).toEqual({ kind: 'none' });
  });

  it('refuses to start without the first admin account, saying what to set', async () => {
    await expect(seedOnStart(t.database, testConfig({ demo: false }), hasher)).rejects.toThrow(
      /ADMIN_USERNAME and ADMIN_PASSWORD/,
    );
    await expect(
      seedOnStart(
        t.database,
        testConfig({ demo: false, adminUsername: 'root', adminPassword: 'short' }),
        hasher,
      ),
    ).rejects.toBeInstanceOf(ConfigError);
    expect(await count('users')).toBe(0);
  });

  it('refuses a common first admin password or one containing the user name, saying why', async () => {
    const seed = (adminUsername: string, adminPassword: string) =>
      seedOnStart(t.database, testConfig({ demo: false, adminUsername, adminPassword }), hasher);
    await expect(seed('root-admin', 'password123')).rejects.toThrow(
      'ADMIN_PASSWORD is one of the most common passwords and easy to guess; choose another',
    );
    await expect(seed('root-admin', 'The-root-admin-1')).rejects.toThrow(
      'ADMIN_PASSWORD must not contain the user name',
    );
    expect(await count('users')).toBe(0);
  });
});

describe('the demo password', () => {
  it('is held to the password rules for every demo account', async () => {
    await expect(
      seedOnStart(t.database, testConfig({ demo: true, demoPassword: 'qwertyuiop' }), hasher),
    ).rejects.toThrow(/^DEMO_PASSWORD is one of the most common passwords/);
    await expect(
      seedOnStart(t.database, testConfig({ demo: true, demoPassword: 'Agent-2026!' }), hasher),
    ).rejects.toThrow('DEMO_PASSWORD must not contain the user name (demo account agent)');
    expect(await count('users')).toBe(0);
  });
});

import { UserEndpoints } from '@storefleet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { PUBLISHED_DEMO_PASSWORD } from '../config';
import { createTestApp, envelopeOf, type TestApp } from '../testing/test-app';
import { commonPasswordCount, passwordProblem } from './password-policy';

describe('the password rules', () => {
  it('know at least 10,000 common passwords', () => {
    expect(commonPasswordCount()).toBeGreaterThanOrEqual(10_000);
  });

  it('refuse common passwords whatever their case', () => {
    for (const password of ['12345678', 'password', 'Password1', 'QWERTYUIOP', 'iloveyou', 'sunshine']) {
      expect(passwordProblem(password, 'someone')?.en).toBe(
        'is one of the most common passwords and easy to guess; choose another',
      );
    }
  });

  it('refuse a password containing the user name, whatever its case', () => {
    expect(passwordProblem('x-Operator-2026', 'operator')).toEqual({
      zh: '不能包含用户名',
      en: 'must not contain the user name',
    });
    // A one- or two-letter user name is not looked for: it would refuse almost anything.
    expect(passwordProblem('Ab-cd-2026!', 'ab')).toBeNull();
  });

  it('accept the published demo password for every demo account', () => {
    for (const name of ['platform', 'admin', 'agent', 'operator']) {
      expect(passwordProblem(PUBLISHED_DEMO_PASSWORD, name)).toBeNull();
    }
  });
});

describe('passwords set by an administrator', () => {
  let t: TestApp;
  let admin: string;
  let roleId: number;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.signIn('admin');
    const role = await t.ctx.db
      .selectFrom('roles')
      .select('id')
      .where('company_id', '=', 1)
      .executeTakeFirstOrThrow();
    roleId = role.id;
  });
  afterAll(() => t.close());

  const fieldsOf = (body: string) =>
    (JSON.parse(body) as { data: { fields: { field: string; message: string }[] } }).data.fields;
  const user = (userName: string, password: string, extra: Record<string, unknown> = {}) => ({
    name: `Person ${userName}`,
    userName,
    password,
    status: 'ACTIVE',
    roleId,
    ...extra,
  });

  it('refuses a common password or one with the user name when creating a user, saying why', async () => {
    const common = await t.send(UserEndpoints.addUser, { body: user('cashier7', 'abc12345') }, admin);
    expect(common.statusCode).toBe(400);
    expect(fieldsOf(common.body)).toEqual([
      { field: 'password', message: 'is one of the most common passwords and easy to guess; choose another' },
    ]);
    const named = await t.send(UserEndpoints.addUser, { body: user('cashier7', 'Cashier7-Till!') }, admin);
    expect(fieldsOf(named.body)).toEqual([{ field: 'password', message: 'must not contain the user name' }]);
    const fine = await t.send(UserEndpoints.addUser, { body: user('cashier7', 'Till-Seven-2026') }, admin);
    expect(fine.statusCode).toBe(200);
  });

  it('refuses a common password when resetting one, and keeps the old password', async () => {
    const created = await t.send(UserEndpoints.addUser, { body: user('cashier8', 'Till-Eight-2026') }, admin);
    const { id } = envelopeOf<{ id: number }>(created).data;
    const reset = await t.send(
      UserEndpoints.updateUser,
      { body: user('cashier8', 'baseball', { id }) },
      admin,
    );
    expect(reset.statusCode).toBe(400);
    expect(fieldsOf(reset.body)[0]?.field).toBe('password');
    expect(await t.signIn('cashier8', 'Till-Eight-2026')).toMatch(/\./);
  });
});

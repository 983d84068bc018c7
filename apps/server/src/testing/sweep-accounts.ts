/**
 * The sweep's fixture askers the demo lacks (sweep-fixtures.ts): an agent admin over company A and a
 * company C only it holds, and a platform user whose admin role grants only the user and role list
 * pages. Both sign in with the demo password.
 */
import { UserType } from '@storefleet/contracts';
import type { Kysely } from 'kysely';

import type { PasswordHasher } from '../auth/passwords';
import type { DB } from '../db/database';
import { DEMO_PASSWORD } from './test-app';

/** The fixture askers the demo lacks (sign in with the demo password). */
export const SWEEP_ACCOUNTS = { agent: 'sweep.agent', platform: 'sweep.platform' } as const;

/** What the fixture platform user's admin role grants: the user and role lists, no button. */
export const SWEEP_PLATFORM_CODES = [
  'user-management',
  'user-list-view',
  'role-management',
  'role-list-view',
];

/** Creates company C, the agent admin (over A and C) and the platform user; returns company C's id. */
export async function seedSweepAccounts(
  db: Kysely<DB>,
  passwords: PasswordHasher,
  companyA: number,
): Promise<number> {
  const now = Date.now();
  const stamp = { created_at: now, updated_at: now };
  const userBase = { password_changed_at: now, status: 'ACTIVE', area_ids: '[]', store_ids: '[]', ...stamp };
  // Company C: held by the fixture agent admin together with A, never by B's side.
  const companyC = (
    await db
      .insertInto('companies')
      .values({ company_no: 'SWC001', name: 'Sweep Agency Client', ...stamp })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  const hash = await passwords.hash(DEMO_PASSWORD);
  const agent = await db
    .insertInto('users')
    .values({
      ...userBase,
      company_id: companyA,
      user_type: UserType.AGENT_CUSTOMER_ADMIN_USER,
      account_name: SWEEP_ACCOUNTS.agent,
      name: 'Sweep Agent',
      password_hash: hash,
      role_id: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('user_companies')
    .values([
      { user_id: agent.id, company_id: companyA },
      { user_id: agent.id, company_id: companyC },
    ])
    .execute();
  const platformRole = await db
    .insertInto('roles')
    .values({
      company_id: null,
      app: 'admin',
      name: 'Sweep platform viewer',
      description: 'sweep',
      authorities: JSON.stringify(SWEEP_PLATFORM_CODES),
      button_authorities: '[]',
      area_ids: '[]',
      store_ids: '[]',
      ...stamp,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('users')
    .values({
      ...userBase,
      company_id: null,
      user_type: UserType.PLATFORM_USER,
      account_name: SWEEP_ACCOUNTS.platform,
      name: 'Sweep Platform Viewer',
      password_hash: hash,
      role_id: platformRole.id,
    })
    .execute();
  return companyC;
}

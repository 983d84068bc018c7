/**
 * Company B's objects of the data-scope sweep with ids far above any demo id (900001…), so a bare `:id`
 * filled with them never hits one of company A's rows by accident: a region, a store in B's first
 * region, a role over that region and a common user holding it.
 */
import { UserType } from '@storefleet/contracts';
import type { Kysely } from 'kysely';

import type { DB } from '../db/database';

export const HIGH = { roleId: 900001, userId: 900002, storeId: 900003, levelId: 900004 } as const;

/** Seeds the high-id objects of company `companyId`; its store lies in region `regionId`. */
export async function seedHighObjects(db: Kysely<DB>, companyId: number, regionId: number): Promise<void> {
  const now = Date.now();
  const stamp = { created_at: now, updated_at: now };
  await db
    .insertInto('level_configs')
    .values({
      id: HIGH.levelId,
      company_id: companyId,
      pid: null,
      name: '哈伯清扫大区',
      ename: 'Harbor Sweep Region',
      level: 1,
      ...stamp,
    })
    .execute();
  await db
    .insertInto('stores')
    .values({
      id: HIGH.storeId,
      company_id: companyId,
      store_no: 'HLSWEEP1',
      store_name: 'Harbor Sweep Depot',
      addr: '哈伯清扫路1号',
      area_code: '510100',
      area_level: regionId,
      status: 0,
      ...stamp,
    })
    .execute();
  await db
    .insertInto('roles')
    .values({
      id: HIGH.roleId,
      company_id: companyId,
      app: 'company',
      name: 'Harbor Sweep Role',
      description: 'sweep',
      authorities: '["dashboard"]',
      button_authorities: '[]',
      area_ids: `[${regionId}]`,
      store_ids: '[]',
      ...stamp,
    })
    .execute();
  await db
    .insertInto('users')
    .values({
      password_changed_at: now,
      status: 'ACTIVE',
      area_ids: '[]',
      store_ids: '[]',
      ...stamp,
      id: HIGH.userId,
      company_id: companyId,
      user_type: UserType.CUSTOMER_COMMON_USER,
      account_name: 'harbor.sweep',
      name: 'Harbor Sweeper',
      password_hash: 'x',
      role_id: HIGH.roleId,
    })
    .execute();
}

/**
 * What a task may name, read from other modules' tables (nothing written, no table owned): devices and
 * stores in the caller's scope as targets, an active common user of the company as assignee.
 */
import { UserType } from '@storefleet/contracts';

import type { Scope } from '../../auth/caller';
import { storeInScope } from '../../db/scope';
import type { Trx } from '../../db/trx';

/** Devices `ids` of the company whose stores are in scope, with their store. */
export async function devicesInScope(
  trx: Trx,
  scope: Scope,
  ids: readonly number[],
): Promise<Array<{ id: number; shop_id: number; device_name: string }>> {
  if (ids.length === 0) return [];
  const rows = await trx
    .selectFrom('devices')
    .innerJoin('stores', 'stores.id', 'devices.shop_id')
    .select(['devices.id', 'devices.shop_id', 'devices.device_name'])
    .where('devices.id', 'in', [...ids])
    .where((eb) => storeInScope(eb, scope))
    .execute();
  return rows.map((r) => ({ id: Number(r.id), shop_id: Number(r.shop_id), device_name: r.device_name }));
}

/** Stores `ids` in scope. */
export async function storesInScope(trx: Trx, scope: Scope, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await trx
    .selectFrom('stores')
    .select('stores.id')
    .where('stores.id', 'in', [...ids])
    .where((eb) => storeInScope(eb, scope))
    .execute();
  return rows.map((r) => Number(r.id));
}

/** User `id` when it is an active common user (type 3) of the company. */
export async function findActiveCommonUser(
  trx: Trx,
  companyId: number,
  id: number,
): Promise<{ id: number; name: string } | undefined> {
  return trx
    .selectFrom('users')
    .select(['id', 'name'])
    .where('id', '=', id)
    .where('company_id', '=', companyId)
    .where('user_type', '=', UserType.CUSTOMER_COMMON_USER)
    .where('status', '=', 'ACTIVE')
    .executeTakeFirst();
}

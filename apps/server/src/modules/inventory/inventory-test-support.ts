/**
 * Shared set-up of the inventory tests (inventory*.test.ts): one app on a fresh database per test file
 * (`useInventoryApp()`), the demo companies' ids the tests probe with, and the calls as an operator
 * makes them. The ids are live bindings, filled in by the file's beforeAll.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import {
  BUTTON,
  type Device,
  InventoryEndpoints as E,
  fillPath,
  type InventoryRecord,
  type InventorySummary,
  type PagedResult,
} from '@storefleet/contracts';
import { afterAll, beforeAll, expect } from 'vitest';

import { writeList } from '../../db/json';
import { bearer, createTestApp, envelopeOf, type TestApp } from '../../testing/test-app';

/** The inventory buttons the demo operator's role gets for these tests. */
export const OPERATOR_BUTTONS = [
  BUTTON.inventoryBind,
  BUTTON.inventoryUnbind,
  BUTTON.inventoryDelete,
  BUTTON.inventoryNoNetwork,
  BUTTON.inventoryUpdate,
];

export let t: TestApp;
let dataDir: string;
export let admin: string;
export let operator: string;
export let northwind = 0;
export let harbor = 0;
/** The operator's East China stores and one Northwind store outside them. */
export let eastStores: number[] = [];
export let northStore = 0;
export let harborRecord = 0;

export type Res = Awaited<ReturnType<TestApp['app']['inject']>>;

export const call = (
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  token = admin,
  payload?: unknown,
  headers: Record<string, string> = {},
): Promise<Res> =>
  t.app.inject({
    method,
    url,
    headers: { ...bearer(token), ...headers },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

export function ok<T>(res: Res): T {
  expect(res.statusCode, res.body).toBe(200);
  return envelopeOf<T>(res).data;
}

export function refused(res: Res, status: number): string {
  expect(res.statusCode, res.body).toBe(status);
  return envelopeOf(res).message;
}

export const list = async (body: Record<string, unknown>, token = admin) =>
  ok<PagedResult<InventoryRecord>>(await call('POST', E.listInventoryDevices.path, token, body));
export const summary = async (body: Record<string, unknown>, token = admin) =>
  ok<InventorySummary>(await call('POST', E.listInventoryDevicesData.path, token, body));
export const record = async (id: number, token = admin) =>
  ok<InventoryRecord>(await call('GET', fillPath(E.get.path, { id }), token));
export const match = (query: string, token = admin) =>
  call('POST', `${E.matchMacDevices.path}?${query}`, token);
export const bind = (inventoryDeviceId: number, targetDeviceId: number, token = admin) =>
  call(
    'POST',
    `${E.bindInventoryDevice.path}?inventoryDeviceId=${inventoryDeviceId}&targetDeviceId=${targetDeviceId}`,
    token,
  );
export const unbind = (id: number, token = admin) =>
  call('POST', fillPath(E.unbind.path, { inventoryId: id }), token);

export async function device(id: number): Promise<Device> {
  return ok<Device>(await call('GET', `/api/device-service/aibox/device/detail/${id}`));
}

/** A fresh record of `shopId` (the imported rows are the import tests'; these need a few of their own). */
export async function newRecord(
  shopId: number,
  assetNo: string,
  extra: Partial<{ mac_address: string; mac_key: string; is_network_device: number; status: number }> = {},
): Promise<number> {
  const store = await t.ctx.db
    .selectFrom('stores')
    .select('company_id')
    .where('id', '=', shopId)
    .executeTakeFirstOrThrow();
  const now = Date.now();
  const row = await t.ctx.db
    .insertInto('inventory_records')
    .values({
      company_id: store.company_id,
      shop_id: shopId,
      asset_no: assetNo,
      device_name: `Test asset ${assetNo}`,
      created_at: now,
      updated_at: now,
      ...extra,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A device of `shopId` with a MAC (the demo's sub-devices), not bound to any record. */
export async function unboundDevice(shopId: number) {
  return t.ctx.db
    .selectFrom('devices')
    .leftJoin('inventory_records', 'inventory_records.bound_device_id', 'devices.id')
    .select(['devices.id', 'devices.mac_address', 'devices.device_name', 'devices.monitored'])
    .where('devices.shop_id', '=', shopId)
    .where('devices.mac_address', 'is not', null)
    .where('inventory_records.id', 'is', null)
    .orderBy('devices.id')
    .executeTakeFirstOrThrow();
}

/**
 * A test app with the demo data for this test file (registers its beforeAll/afterAll): the ids above
 * are filled in before the first test. The operator may write the inventory too (its scope, not its
 * codes, is what the tests probe).
 */
export function useInventoryApp(): void {
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'storefleet-inventory-'));
    t = await createTestApp({ config: { dataDir } });
    [admin, operator] = await Promise.all([t.signIn('admin'), t.signIn('operator')]);
    const companies = await t.ctx.db.selectFrom('companies').select(['id', 'company_no']).execute();
    northwind = companies.find((c) => c.company_no === 'NW001')?.id ?? 0;
    harbor = companies.find((c) => c.company_no === 'HL001')?.id ?? 0;
    const region = async (name: string) =>
      (
        await t.ctx.db
          .selectFrom('level_configs')
          .select('id')
          .where('company_id', '=', northwind)
          .where('name', '=', name)
          .executeTakeFirstOrThrow()
      ).id;
    const storesOf = async (level: number) =>
      (
        await t.ctx.db
          .selectFrom('stores')
          .select('id')
          .where('area_level', '=', level)
          .orderBy('id')
          .execute()
      ).map((s) => s.id);
    eastStores = await storesOf(await region('华东大区'));
    northStore = (await storesOf(await region('华北大区')))[0] ?? 0;
    const harborStore = await t.ctx.db
      .selectFrom('stores')
      .select('id')
      .where('company_id', '=', harbor)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    harborRecord = await newRecord(harborStore.id, 'HARBOR-ONLY-1');
    // The operator may write the inventory too (its scope, not its codes, is what these tests probe).
    const op = await t.ctx.db
      .selectFrom('users')
      .select('role_id')
      .where('account_name', '=', 'operator')
      .executeTakeFirstOrThrow();
    await t.ctx.db
      .updateTable('roles')
      .set({
        button_authorities: writeList(OPERATOR_BUTTONS),
      })
      .where('id', '=', op.role_id ?? 0)
      .execute();
  });
  afterAll(async () => {
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
}

/** Shared set-up for the device registry tests: demo stores, their boxes and a valid add body. */
import { ProductType } from '@storefleet/contracts';

import { printerFields } from '../../testing/factories';
import { bearer, envelopeOf, type TestApp } from '../../testing/test-app';

/** The device calls' common prefix, as the spec writes it (the tests call by URL, like a client). */
const DEVICE_API = '/api/device-service/aibox/device';

export interface DemoStore {
  id: number;
  companyId: number;
  area: number | null;
  province: number | null;
  city: number | null;
  boxId: number;
}

/** The first store (by id) of a company's region named `regionName`, with its demo box. */
export async function demoStore(t: TestApp, companyNo: string, regionName: string): Promise<DemoStore> {
  const row = await t.ctx.db
    .selectFrom('stores')
    .innerJoin('companies', 'companies.id', 'stores.company_id')
    .innerJoin('level_configs', 'level_configs.id', 'stores.area_level')
    .select([
      'stores.id',
      'stores.company_id',
      'stores.area_level',
      'stores.province_level',
      'stores.city_level',
    ])
    .where('companies.company_no', '=', companyNo)
    .where('level_configs.name', '=', regionName)
    .orderBy('stores.id')
    .executeTakeFirstOrThrow();
  const box = await t.ctx.db
    .selectFrom('devices')
    .select('id')
    .where('shop_id', '=', row.id)
    .where('product_id', '=', ProductType.AI_BOX)
    .executeTakeFirstOrThrow();
  return {
    id: row.id,
    companyId: row.company_id,
    area: row.area_level,
    province: row.province_level,
    city: row.city_level,
    boxId: box.id,
  };
}

/**
 * A valid add body for a receipt printer under the store's box. Each call gets its own hostid, MAC
 * and intranet IP (a device's identifiers may not repeat), unless `overrides` names them.
 */
export function printerBody(
  store: DemoStore,
  overrides: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    ...printerFields(),
    shopId: store.id,
    areaId: store.area,
    proviceId: store.province,
    cityId: store.city,
    parentDeviceId: store.boxId,
    ...overrides,
  };
}

/** POSTs `path` under the device API as `token`. */
export async function post(t: TestApp, token: string, path: string, payload: unknown) {
  const res = await t.app.inject({
    method: 'POST',
    url: `${DEVICE_API}/${path}`,
    headers: bearer(token),
    payload: payload as object,
  });
  return { status: res.statusCode, body: envelopeOf<Record<string, unknown>>(res) };
}

/** GETs `path` (with query string) under the device API as `token`. */
export async function get<T = Record<string, unknown>>(t: TestApp, token: string, path: string) {
  const res = await t.app.inject({ method: 'GET', url: `${DEVICE_API}/${path}`, headers: bearer(token) });
  return { status: res.statusCode, body: envelopeOf<T>(res) };
}

/**
 * Usage rows for the usage tests: stored days of the demo's devices on fixed dates long before the
 * demo's own history (so the demo's days never mix in), with known online times.
 */
import type { TestApp } from '../../testing/test-app';
import { type DeviceUsageDay, upsertDeviceUsageDays } from './device-usage.repository';

export const FIXTURE_DAYS = ['2020-03-01', '2020-03-02', '2020-03-03'] as const;
const DAY_MS = 86_400_000;
const HOUR = 3_600_000;

/** A fixture device: its columns the filters read, and its store's place. */
export interface FixtureDevice {
  id: number;
  company_id: number;
  shop_id: number;
  product_id: number;
  device_name: string;
  device_sn: string | null;
  asset_no: string | null;
  mac_address: string | null;
  intranet_ip: string | null;
  extranet_ip: string | null;
  model: string | null;
  device_category: string | null;
  device_class: string | null;
  property_type: string | null;
  online_status: number;
  monitored: number;
  state: number;
  connect_type: number;
  parent_device_id: number | null;
  area_level: number | null;
  province_level: number | null;
  city_level: number | null;
  company_no: string;
}

/** Every device of the demo companies with its store's place. */
export async function fixtureDevices(t: TestApp): Promise<FixtureDevice[]> {
  return t.ctx.db
    .selectFrom('devices')
    .innerJoin('stores', 'stores.id', 'devices.shop_id')
    .innerJoin('companies', 'companies.id', 'devices.company_id')
    .select([
      'devices.id',
      'devices.company_id',
      'devices.shop_id',
      'devices.product_id',
      'devices.device_name',
      'devices.device_sn',
      'devices.asset_no',
      'devices.mac_address',
      'devices.intranet_ip',
      'devices.extranet_ip',
      'devices.model',
      'devices.device_category',
      'devices.device_class',
      'devices.property_type',
      'devices.online_status',
      'devices.monitored',
      'devices.state',
      'devices.connect_type',
      'devices.parent_device_id',
      'stores.area_level',
      'stores.province_level',
      'stores.city_level',
      'companies.company_no',
    ])
    .orderBy('devices.id')
    .execute();
}

/** Online hours of device number `i` on day number `d`: varied, some days zero. */
export function onlineHours(i: number, d: number): number {
  return (i * 7 + d * 13) % 5 === 0 ? 0 : (i * 5 + d * 11) % 25;
}

/** Stores one row per device and fixture day; returns them. */
export async function seedUsageDays(
  t: TestApp,
  devices: readonly FixtureDevice[],
): Promise<DeviceUsageDay[]> {
  const rows: DeviceUsageDay[] = [];
  devices.forEach((device, i) => {
    FIXTURE_DAYS.forEach((day, d) => {
      const online = Math.min(24, onlineHours(i, d)) * HOUR;
      rows.push({
        device_id: device.id,
        statistics_date: day,
        company_id: device.company_id,
        shop_id: device.shop_id,
        product_id: device.product_id,
        device_category: device.device_category,
        device_class: device.device_class,
        online_ms: online,
        offline_ms: DAY_MS - online,
        base_ms: DAY_MS,
        usage_rate: Math.round((online * 10_000) / DAY_MS) / 100,
        computed_at: Date.now(),
      });
    });
  });
  await upsertDeviceUsageDays(t.ctx.db, rows);
  return rows;
}

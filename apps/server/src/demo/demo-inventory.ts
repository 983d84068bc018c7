/**
 * Demo inventory (issue 12): every demo store's asset register. The box and the first two devices
 * of each store are taken (bound to their device, MAC written as the register has it); the other
 * devices have records with the same MAC in another notation, waiting to be bound (the bind dialog
 * finds them by MAC); a scale and a shelf forklift are non-network assets. Property statuses are
 * mixed (normal, idle, faulty, scrapped).
 */
import { macKey, NetworkFlag, PropertyStatus } from '@storefleet/contracts';
import type { Kysely } from 'kysely';

import type { DB } from '../db/database';
import { stamps } from '../db/stamps';
import { insertInventoryRecords, type NewInventoryRecord } from '../modules/inventory/inventory.repository';
import { listSeedDevices, listSeedStores } from './demo-devices.repository';

/** How many devices of a store (box first) are bound in the demo. */
const BOUND_PER_STORE = 3;

/** The MAC as an asset register might write it: lower case with dashes, or Cisco dots. */
function registerNotation(mac: string, cisco: boolean): string {
  const key = macKey(mac) ?? '';
  if (cisco) return `${key.slice(0, 4)}.${key.slice(4, 8)}.${key.slice(8)}`;
  return (key.match(/.{2}/g) ?? []).join('-');
}

const STATUS_CYCLE = [
  PropertyStatus.NORMAL,
  PropertyStatus.NORMAL,
  PropertyStatus.IDLE,
  PropertyStatus.NORMAL,
  PropertyStatus.FAULTY,
  PropertyStatus.NORMAL,
  PropertyStatus.SCRAPPED,
] as const;

/** Seeds the inventory of every store (run inside the demo seed's transaction, after the devices). */
export async function seedDemoInventory(db: Kysely<DB>, now: number): Promise<void> {
  const [stores, devices] = await Promise.all([listSeedStores(db), listSeedDevices(db)]);
  const byStore = new Map<number, typeof devices>();
  for (const d of devices) byStore.set(d.shop_id, [...(byStore.get(d.shop_id) ?? []), d]);
  const records: NewInventoryRecord[] = [];
  for (const [s, store] of stores.entries()) {
    const audit = stamps('system', now);
    const own = byStore.get(store.id) ?? [];
    for (const [j, device] of own.entries()) {
      const bound = j < BOUND_PER_STORE;
      const mac = device.mac_address ? registerNotation(device.mac_address, !bound && j % 2 === 0) : null;
      records.push({
        company_id: store.company_id,
        shop_id: store.id,
        asset_no: device.asset_no ?? `ZC${store.store_no}${String(j).padStart(3, '0')}`,
        device_name: device.device_name,
        device_brand: device.device_brand,
        device_sn: device.device_sn,
        device_system: device.device_system,
        connect_type: device.connect_type,
        intranet_ip: device.intranet_ip,
        mac_address: mac,
        mac_key: macKey(mac),
        model: device.model,
        device_category: device.device_category,
        device_class: device.device_class,
        property_type: 'owned',
        service_life: 5,
        custodian: '门店店长',
        obtain_time: `202${(s + j) % 5}-0${1 + (j % 9)}-15`,
        inumber: `IN${store.store_no}${String(j + 1).padStart(3, '0')}`,
        status: STATUS_CYCLE[(s + j) % STATUS_CYCLE.length] ?? PropertyStatus.NORMAL,
        index_no: String(j + 1),
        bound_device_id: bound ? device.id : null,
        bound_at: bound ? now : null,
        bound_by: bound ? 'system' : null,
        ...audit,
      });
    }
    const nonNetwork = [
      { name: '电子秤', brand: 'Mettler Toledo', model: 'bPlus-U', suffix: '901' },
      { name: '手动叉车', brand: 'Noblelift', model: 'AC25', suffix: '902' },
    ];
    for (const [k, item] of nonNetwork.entries()) {
      records.push({
        company_id: store.company_id,
        shop_id: store.id,
        asset_no: `ZC${store.store_no}${item.suffix}`,
        device_name: item.name,
        device_brand: item.brand,
        model: item.model,
        device_category: null,
        device_class: null,
        property_type: k === 0 ? 'owned' : 'rented',
        service_life: 8,
        custodian: '仓库主管',
        obtain_time: `2021-0${1 + ((s + k) % 9)}-01`,
        inumber: `IN${store.store_no}${item.suffix}`,
        status: (s + k) % 4 === 3 ? PropertyStatus.IDLE : PropertyStatus.NORMAL,
        index_no: item.suffix,
        is_network_device: NetworkFlag.NOT_NETWORKED,
        remark: k === 0 ? '收银台称重用' : null,
        ...audit,
      });
    }
  }
  // In slices: one statement's bound values stay well under SQLite's limit.
  for (let i = 0; i < records.length; i += 200) await insertInventoryRecords(db, records.slice(i, i + 200));
}

/**
 * Demo devices: every demo store gets one box (product 1, Agent, with a security key) and 4–8
 * sub-devices of varied kinds with brands and models from the dictionary. Intranet IPs are loopback
 * addresses (127.x.y.z) so the simulator can play each device from this machine and nothing ever
 * reaches a real network.
 */
import { ConnectType, DeviceSystem, Flag, MonitoredFlag, ProductType } from '@storefleet/contracts';
import type { Kysely } from 'kysely';

import type { DB } from '../db/database';
import { stamps } from '../db/stamps';
import { newKeyColumns, sealedCommunity } from '../modules/devices/device-keys';
import { insertDevices, type NewDevice } from '../modules/devices/devices.repository';
import type { SecretKeyRing } from '../secrets/secret-keys';
import { listSeedStores } from './demo-devices.repository';

interface DemoKind {
  name: string;
  productId: number;
  connectType: number;
  deviceSystem: number;
  brand: string;
  model: string;
  category: string;
  deviceClass: string;
  monitored: number;
}

/** Sub-devices in the order a store gets them: the first four always, then more in bigger stores. */
const KINDS: readonly DemoKind[] = [
  {
    name: '核心交换机',
    productId: 3,
    connectType: 2,
    deviceSystem: 3,
    brand: 'Huawei',
    model: 'S5735-L24T4S-A',
    category: 'network',
    deviceClass: 'switch',
    monitored: 1,
  },
  {
    name: '门店路由器',
    productId: 2,
    connectType: 4,
    deviceSystem: 3,
    brand: 'H3C',
    model: 'MSR2630',
    category: 'network',
    deviceClass: 'router',
    monitored: 1,
  },
  {
    name: '收银POS',
    productId: 4,
    connectType: 5,
    deviceSystem: 2,
    brand: 'Sunmi',
    model: 'T2s',
    category: 'terminal',
    deviceClass: 'pos',
    monitored: 1,
  },
  {
    name: '小票打印机',
    productId: 5,
    connectType: 3,
    deviceSystem: 3,
    brand: 'Epson',
    model: 'TM-T88VI',
    category: 'print',
    deviceClass: 'receipt-printer',
    monitored: 1,
  },
  {
    name: '后台电脑',
    productId: 6,
    connectType: 1,
    deviceSystem: 1,
    brand: 'Lenovo',
    model: 'ThinkCentre M720q',
    category: 'terminal',
    deviceClass: 'pc',
    monitored: 1,
  },
  {
    name: '盘点PDA',
    productId: 8,
    connectType: 5,
    deviceSystem: 2,
    brand: 'Zebra',
    model: 'TC52',
    category: 'mobile',
    deviceClass: 'pda',
    monitored: 1,
  },
  {
    name: '安卓平板',
    productId: 13,
    connectType: 5,
    deviceSystem: 2,
    brand: 'Samsung',
    model: 'Galaxy Tab A8',
    category: 'mobile',
    deviceClass: 'android-tablet',
    monitored: 1,
  },
  {
    name: '监控摄像头',
    productId: 12,
    connectType: 4,
    deviceSystem: 3,
    brand: 'Hikvision',
    model: 'DS-2CD2143G2-I',
    category: 'camera',
    deviceClass: 'ipc',
    monitored: 0,
  },
];

const hex = (n: number) => (n & 0xff).toString(16).padStart(2, '0').toUpperCase();

/** 127.a.b.h for store number `s` (0-based) and host `h`: unique per store, always loopback. */
export function demoDeviceIp(s: number, host: number): string {
  return `127.${1 + Math.floor(s / 250)}.${s % 250}.${host}`;
}

/** Seeds the devices of every store (run inside the demo seed's transaction). */
export async function seedDemoDevices(db: Kysely<DB>, now: number, secrets: SecretKeyRing): Promise<void> {
  const stores = await listSeedStores(db);
  for (const [s, store] of stores.entries()) {
    const common = {
      company_id: store.company_id,
      shop_id: store.id,
      register_time: now,
      ...stamps('system', now),
    };
    const [boxId] = await insertDevices(db, [
      {
        ...common,
        product_id: ProductType.AI_BOX,
        hostid: `box-${store.store_no}`,
        device_name: `AI盒子 ${store.store_no}`,
        device_sn: `SFB${String(s + 1).padStart(6, '0')}`,
        device_brand: 'Storefleet',
        model: 'SF-Box 1',
        device_system: DeviceSystem.LINUX,
        connect_type: ConnectType.AGENT,
        intranet_ip: demoDeviceIp(s, 1),
        mac_address: `02:5F:${hex(s >> 8)}:${hex(s)}:00:01`,
        device_category: 'box',
        device_class: 'aibox',
        property_type: 'owned',
        ...newKeyColumns(secrets, true),
        is_preinstallation: s % 2,
        monitored: MonitoredFlag.MONITORED,
      },
    ]);
    const count = 4 + (s % 5);
    const subs: NewDevice[] = KINDS.slice(0, count).map((kind, j) => ({
      ...common,
      parent_device_id: boxId ?? null,
      product_id: kind.productId,
      hostid: `${kind.deviceClass}-${store.store_no}`,
      device_name: kind.name,
      device_sn: `SN${store.store_no}${String(j + 1).padStart(2, '0')}`,
      device_brand: kind.brand,
      model: kind.model,
      device_system: kind.deviceSystem,
      connect_type: kind.connectType,
      intranet_ip: demoDeviceIp(s, 10 + j),
      mac_address: `02:5F:${hex(s >> 8)}:${hex(s)}:01:${hex(j)}`,
      community: sealedCommunity(secrets, kind.connectType === ConnectType.SNMP ? 'public' : null),
      port: 161,
      udp_type: kind.connectType === ConnectType.SNMP ? 'udp4' : null,
      device_category: kind.category,
      device_class: kind.deviceClass,
      property_type: 'owned',
      asset_no: `ZC${store.store_no}${String(j + 1).padStart(3, '0')}`,
      monitored: kind.monitored,
      enable_remote: kind.deviceSystem === DeviceSystem.ANDROID ? Flag.YES : Flag.NO,
    }));
    await insertDevices(db, subs);
  }
}

/**
 * The capacity benchmark's fleet: `stores` stores in the demo admin's company, spread over its cities
 * (usage-reports-fixture.repository.ts), each with its box (with a security key, what the simulator
 * links with) and 8 monitored devices of the demo's kinds behind it, written with multi-row inserts;
 * then the stored usage days the usage reports read. Every row is `created_by = 'bench'`. Device
 * addresses are loopback (127.x.y.z): the simulator plays them, nothing probes a network.
 */
import { ConnectType, DeviceSystem, MonitoredFlag, ProductType } from '@storefleet/contracts';
import type { Kysely } from 'kysely';

import type { DB, DialectName } from '../../apps/server/src/db/database';
import { newSecurityKey } from '../../apps/server/src/modules/devices/device-keys';
import type { NewDevice } from '../../apps/server/src/modules/devices/devices.repository';
import { addDays, dayOf, daySpan } from '../../apps/server/src/modules/usage/jobs/usage-days';
import { boxKeyColumns } from '../../apps/server/src/secrets/secret-box';
import type { SecretKeyRing } from '../../apps/server/src/secrets/secret-keys';
import { analyzeAfterLoad, insertBulkStores, insertUsageDays } from './usage-reports-fixture.repository';

// SQLite allows 32,766 parameters per statement; ~25 columns × 400 rows stays well below on both.
const ROWS_PER_STATEMENT = 400;

/**
 * The devices behind each box: the demo's kinds (demo-devices.ts), every one monitored, with a second
 * till instead of the demo's unmonitored camera: eight that report.
 */
const BEHIND_BOX = [
  {
    productId: ProductType.SWITCH,
    connectType: ConnectType.SNMP,
    system: DeviceSystem.OTHER,
    cls: 'switch',
    category: 'network',
  },
  {
    productId: ProductType.ROUTER,
    connectType: ConnectType.PING,
    system: DeviceSystem.OTHER,
    cls: 'router',
    category: 'network',
  },
  {
    productId: ProductType.POS,
    connectType: ConnectType.EAGENT,
    system: DeviceSystem.ANDROID,
    cls: 'pos',
    category: 'terminal',
  },
  {
    productId: ProductType.PRINTER,
    connectType: ConnectType.SYSLOG,
    system: DeviceSystem.OTHER,
    cls: 'receipt-printer',
    category: 'print',
  },
  {
    productId: ProductType.COMPUTER,
    connectType: ConnectType.AGENT,
    system: DeviceSystem.WINDOWS,
    cls: 'pc',
    category: 'terminal',
  },
  {
    productId: ProductType.PDA,
    connectType: ConnectType.EAGENT,
    system: DeviceSystem.ANDROID,
    cls: 'pda',
    category: 'mobile',
  },
  {
    productId: ProductType.STOCKTAKE_TABLET,
    connectType: ConnectType.EAGENT,
    system: DeviceSystem.ANDROID,
    cls: 'android-tablet',
    category: 'mobile',
  },
  {
    productId: ProductType.POS,
    connectType: ConnectType.EAGENT,
    system: DeviceSystem.ANDROID,
    cls: 'pos',
    category: 'terminal',
  },
] as const;

export const DEVICES_PER_STORE = BEHIND_BOX.length;

const hex = (n: number) => (n & 0xff).toString(16).padStart(2, '0').toUpperCase();

async function insertChunked(db: Kysely<DB>, rows: readonly NewDevice[]): Promise<void> {
  for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT)
    await db
      .insertInto('devices')
      .values(rows.slice(i, i + ROWS_PER_STATEMENT))
      .execute();
}

export interface CapacityFleet {
  /** The boxes' security keys, one per store, in store order. */
  keys: string[];
  /** Usage rows in the table after the load. */
  usageRows: number;
}

/**
 * Inserts the fleet into `companyId` (the demo must have made its city levels) and `usageDays` stored
 * usage days ending yesterday for its devices; ANALYZE on PostgreSQL afterwards.
 */
export async function insertCapacityFleet(
  db: Kysely<DB>,
  dialect: DialectName,
  companyId: number,
  stores: number,
  usageDays: number,
  secrets: SecretKeyRing,
): Promise<CapacityFleet> {
  await insertBulkStores(db, companyId, stores);
  const shops = await db
    .selectFrom('stores')
    .select('id')
    .where('company_id', '=', companyId)
    .where('created_by_name', '=', 'bench')
    .orderBy('id')
    .execute();
  const now = Date.now();
  let serial = 0;
  const common = (shopId: number) => {
    const i = serial++;
    return {
      i,
      row: {
        company_id: companyId,
        shop_id: shopId,
        intranet_ip: `127.${100 + (i >> 16)}.${(i >> 8) & 0xff}.${i & 0xff}`,
        mac_address: `02:CA:${hex(i >> 24)}:${hex(i >> 16)}:${hex(i >> 8)}:${hex(i)}`,
        port: 161,
        property_type: 'owned',
        monitored: MonitoredFlag.MONITORED,
        register_time: now,
        created_by: 'bench',
        created_at: now,
        updated_by: 'bench',
        updated_at: now,
      },
    };
  };
  const keys = shops.map(() => newSecurityKey());
  await insertChunked(
    db,
    shops.map((shop, s) => {
      const { i, row } = common(shop.id);
      return {
        ...row,
        product_id: ProductType.AI_BOX,
        hostid: `cap-box-${i}`,
        device_name: `容量盒子 ${s + 1}`,
        device_sn: `CB${String(s).padStart(8, '0')}`,
        device_brand: 'Storefleet',
        model: 'SF-Box 1',
        device_system: DeviceSystem.LINUX,
        connect_type: ConnectType.AGENT,
        device_category: 'box',
        device_class: 'aibox',
        ...boxKeyColumns(secrets, keys[s] ?? ''),
      };
    }),
  );
  const boxes = await db
    .selectFrom('devices')
    .select(['id', 'shop_id'])
    .where('company_id', '=', companyId)
    .where('created_by', '=', 'bench')
    .where('product_id', '=', ProductType.AI_BOX)
    .orderBy('id')
    .execute();
  await insertChunked(
    db,
    boxes.flatMap((box) =>
      BEHIND_BOX.map((kind) => {
        const { i, row } = common(box.shop_id);
        return {
          ...row,
          parent_device_id: box.id,
          product_id: kind.productId,
          hostid: `cap-${kind.cls}-${i}`,
          device_name: `${kind.cls} ${i}`,
          device_sn: `CD${String(i).padStart(8, '0')}`,
          device_brand: 'Bench',
          model: 'B1',
          device_system: kind.system,
          connect_type: kind.connectType,
          community: kind.connectType === ConnectType.SNMP ? 'public' : null,
          udp_type: kind.connectType === ConnectType.SNMP ? 'udp4' : null,
          device_category: kind.category,
          device_class: kind.cls,
          asset_no: `CA${String(i).padStart(8, '0')}`,
        };
      }),
    ),
  );
  let usageRows = 0;
  if (usageDays > 0) {
    const today = dayOf(now);
    const first = addDays(today, -usageDays);
    const days = Array.from({ length: usageDays }, (_, n) => addDays(first, n));
    usageRows = await insertUsageDays(db, dialect, companyId, days, daySpan(first).start);
  }
  await analyzeAfterLoad(db, dialect);
  return { keys, usageRows };
}

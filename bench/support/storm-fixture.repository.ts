/**
 * Data of the alert storm benchmark: one company with `boxes` stores, each with its AI box and a few
 * devices behind it (all online, last heard of long ago, so one sweep marks them all offline), three
 * recipients per store (two by email — one Chinese, one English — and one by SMS), the demo-like
 * offline rule with hold 0, and the company's channels pointed at the loopback peers. Plus the counts
 * the benchmark checks. Device addresses are loopback (127.x.y.z); nothing probes them.
 */
import {
  AlertRecordStatus,
  ConnectType,
  defaultNotificationSettings,
  type NotificationSettings,
  OnlineStatus,
  ProductType,
  SendType,
} from '@storefleet/contracts';
import { type Kysely, sql } from 'kysely';

import type { DB, DialectName } from '../../apps/server/src/db/database';
import { writeNotificationSettings } from '../../apps/server/src/engine/notifications/notification-channels.repository';
import type { NewDevice } from '../../apps/server/src/modules/devices/devices.repository';
import type { SecretKeyRing } from '../../apps/server/src/secrets/secret-keys';

// SQLite allows 32,766 parameters per statement; ~20 columns × 400 rows stays well below on both.
const ROWS_PER_STATEMENT = 400;

/** The devices behind each store's box (product type, connect type, class). */
const BEHIND_BOX = [
  { productId: ProductType.SWITCH, connectType: ConnectType.SNMP, category: 'network', cls: 'switch' },
  { productId: ProductType.POS, connectType: ConnectType.EAGENT, category: 'terminal', cls: 'pos' },
  {
    productId: ProductType.PRINTER,
    connectType: ConnectType.PING,
    category: 'print',
    cls: 'receipt-printer',
  },
] as const;

export const DEVICES_PER_BOX = BEHIND_BOX.length;
/** Recipients per store: email (zh-CN), email (en-US), SMS. */
export const RECIPIENTS_PER_STORE = 3;

const hex = (n: number) => (n & 0xff).toString(16).padStart(2, '0').toUpperCase();

async function insertChunked<T>(rows: readonly T[], insert: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT)
    await insert(rows.slice(i, i + ROWS_PER_STATEMENT));
}

export interface StormFixture {
  companyId: number;
  shopIds: number[];
  boxIds: number[];
}

/** The company, its stores, boxes and devices (online, silent since `silentSince`). */
export async function insertStormFleet(
  db: Kysely<DB>,
  dialect: DialectName,
  boxes: number,
  silentSince: number,
): Promise<StormFixture> {
  const now = Date.now();
  const company = await db
    .insertInto('companies')
    .values({ company_no: 'STORM01', name: '风暴零售', created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  const companyId = company.id;
  const stores = Array.from({ length: boxes }, (_, i) => ({
    company_id: companyId,
    store_no: `S${String(i + 1).padStart(5, '0')}`,
    store_name: `压测门店 ${i + 1}`,
    addr: null,
    area_code: null,
    area_level: null,
    province_level: null,
    city_level: null,
    status: 1,
    created_by_id: null,
    created_by_name: 'bench',
    created_at: now,
    updated_by_id: null,
    updated_by_name: 'bench',
    updated_at: now,
  }));
  await insertChunked(stores, (chunk) => db.insertInto('stores').values(chunk).execute());
  const shopIds = (
    await db.selectFrom('stores').select('id').where('company_id', '=', companyId).orderBy('id').execute()
  ).map((s) => s.id);

  let serial = 0;
  const device = (
    shopId: number,
    parent: number | null,
    kind: { productId: number; connectType: number; category: string; cls: string },
    name: string,
  ): NewDevice => {
    const i = serial++;
    return {
      company_id: companyId,
      shop_id: shopId,
      parent_device_id: parent,
      product_id: kind.productId,
      hostid: `storm-${i}`,
      device_name: name,
      device_sn: `ST${String(i).padStart(8, '0')}`,
      device_brand: 'Bench',
      model: 'B1',
      device_system: 3,
      connect_type: kind.connectType,
      intranet_ip: `127.${100 + (i >> 16)}.${(i >> 8) & 0xff}.${i & 0xff}`,
      mac_address: `02:5E:${hex(i >> 24)}:${hex(i >> 16)}:${hex(i >> 8)}:${hex(i)}`,
      community: null,
      port: 161,
      device_category: kind.category,
      device_class: kind.cls,
      property_type: 'owned',
      asset_no: `SA${String(i).padStart(8, '0')}`,
      monitored: 1,
      online_status: OnlineStatus.ONLINE,
      last_seen_at: silentSince,
      register_time: now,
      created_by: 'bench',
      created_at: now,
      updated_by: 'bench',
      updated_at: now,
    };
  };
  const boxKind = {
    productId: ProductType.AI_BOX,
    connectType: ConnectType.AGENT,
    category: 'network',
    cls: 'ai-box',
  };
  await insertChunked(
    shopIds.map((shopId, i) => device(shopId, null, boxKind, `门店盒子 ${i + 1}`)),
    (chunk) => db.insertInto('devices').values(chunk).execute(),
  );
  const boxRows = await db
    .selectFrom('devices')
    .select(['id', 'shop_id'])
    .where('company_id', '=', companyId)
    .where('product_id', '=', ProductType.AI_BOX)
    .orderBy('id')
    .execute();
  const behind = boxRows.flatMap((box) =>
    BEHIND_BOX.map((kind) => device(box.shop_id, box.id, kind, `${kind.cls} ${box.shop_id}`)),
  );
  await insertChunked(behind, (chunk) => db.insertInto('devices').values(chunk).execute());
  if (dialect === 'postgres') await sql`analyze devices`.execute(db);
  return { companyId, shopIds, boxIds: boxRows.map((b) => b.id) };
}

/** Every device of the company online again and silent since `silentSince` (for the next sweep). */
export async function resetFleet(db: Kysely<DB>, companyId: number, silentSince: number): Promise<void> {
  await db
    .updateTable('devices')
    .set({ online_status: OnlineStatus.ONLINE, last_seen_at: silentSince })
    .where('company_id', '=', companyId)
    .execute();
}

/** Three recipients per store, the offline rule and the channels: what turns the sweep into a storm. */
export async function insertStormAlerting(
  db: Kysely<DB>,
  secrets: SecretKeyRing,
  f: StormFixture,
  channels: NotificationSettings,
): Promise<number> {
  const now = Date.now();
  const senders = f.shopIds.flatMap((shopId, i) => [
    {
      company_id: f.companyId,
      name: `店长 ${i + 1}`,
      email: `manager-${shopId}@storm.test`,
      send_types: 1 << SendType.EMAIL,
      language: 'zh-CN',
      created_at: now,
      updated_at: now,
    },
    {
      company_id: f.companyId,
      name: `Regional IT ${i + 1}`,
      email: `it-${shopId}@storm.test`,
      send_types: 1 << SendType.EMAIL,
      language: 'en-US',
      created_at: now,
      updated_at: now,
    },
    {
      company_id: f.companyId,
      name: `值班电话 ${i + 1}`,
      phone: `139${String(shopId).padStart(8, '0')}`,
      send_types: 1 << SendType.SMS,
      language: 'zh-CN',
      created_at: now,
      updated_at: now,
    },
  ]);
  await insertChunked(senders, (chunk) => db.insertInto('alert_senders').values(chunk).execute());
  const rows = await db
    .selectFrom('alert_senders')
    .select('id')
    .where('company_id', '=', f.companyId)
    .orderBy('id')
    .execute();
  const links = rows.map((r, i) => ({
    sender_id: r.id,
    shop_id: f.shopIds[Math.floor(i / RECIPIENTS_PER_STORE)] ?? 0,
  }));
  await insertChunked(links, (chunk) => db.insertInto('alert_sender_stores').values(chunk).execute());
  // The demo's 设备离线 rule, with hold 0: a device marked offline opens its record in the sweep.
  const rule = await db
    .insertInto('alert_rules')
    .values({
      company_id: f.companyId,
      alert_name: '设备离线',
      alert_level: 4,
      alert_type: 1,
      connect_type: null,
      product_types: JSON.stringify([ProductType.AI_BOX, ...BEHIND_BOX.map((k) => k.productId)]),
      trigger_type: 1,
      trigger_operator: 'EQ',
      trigger_value: 0,
      hold_seconds: 0,
      recovery_value: null,
      device_category: null,
      device_class: null,
      status: 1,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await writeNotificationSettings(db, secrets, f.companyId, channels, now, 'bench');
  return rule.id;
}

/** Channels pointed at the peers, caps at their defaults. */
export function stormChannels(smtpPort: number, httpUrl: string): NotificationSettings {
  const s = defaultNotificationSettings();
  s.email = {
    enabled: true,
    host: '127.0.0.1',
    port: smtpPort,
    tls: 'none',
    user: '',
    from: 'alerts@storm.test',
  };
  s.sms = {
    enabled: true,
    url: `${httpUrl}/sms`,
    method: 'POST',
    secretHeaders: [],
    bodyTemplate: '{"phone":"{{phone}}","text":"{{message}}"}',
  };
  return s;
}

export interface StormCounts {
  boxRecords: number;
  deviceRecords: number;
  deviceRecordsHeld: number;
  /** Deliveries about a device's (not a box's) record. */
  deviceDeliveries: number;
  /** status/reason/kind → count. */
  deliveries: Map<string, number>;
  /** Held deliveries a summary reported (the rest still wait for one). */
  heldReported: number;
}

/** What the sweep and the notifier wrote for the company. */
export async function countStorm(db: Kysely<DB>, companyId: number): Promise<StormCounts> {
  const records = await db
    .selectFrom('alert_records as r')
    .innerJoin('devices as d', 'd.id', 'r.device_id')
    .select((eb) => [
      'd.product_id',
      eb.fn.countAll<number>().as('n'),
      eb.fn.count<number>('r.suppressed_by').as('held'),
    ])
    .where('r.company_id', '=', companyId)
    .where('r.status', '=', AlertRecordStatus.UNRESOLVED)
    .groupBy('d.product_id')
    .execute();
  const boxRecords = records
    .filter((r) => r.product_id === ProductType.AI_BOX)
    .reduce((s, r) => s + Number(r.n), 0);
  const deviceRows = records.filter((r) => r.product_id !== ProductType.AI_BOX);
  const deviceDeliveries = await db
    .selectFrom('alert_deliveries as x')
    .innerJoin('alert_records as r', 'r.id', 'x.record_id')
    .innerJoin('devices as d', 'd.id', 'r.device_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('x.company_id', '=', companyId)
    .where('d.product_id', '!=', ProductType.AI_BOX)
    .executeTakeFirstOrThrow();
  const byStatus = await db
    .selectFrom('alert_deliveries')
    .select((eb) => ['kind', 'status', 'reason', eb.fn.countAll<number>().as('n')])
    .where('company_id', '=', companyId)
    .groupBy(['kind', 'status', 'reason'])
    .execute();
  const reported = await db
    .selectFrom('alert_deliveries')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('company_id', '=', companyId)
    .where('status', '=', 'held')
    .where('summary_id', 'is not', null)
    .executeTakeFirstOrThrow();
  const deliveries = new Map<string, number>();
  for (const row of byStatus)
    deliveries.set(`${row.kind}/${row.status}${row.reason ? `/${row.reason}` : ''}`, Number(row.n));
  return {
    boxRecords,
    deviceRecords: deviceRows.reduce((s, r) => s + Number(r.n), 0),
    deviceRecordsHeld: deviceRows.reduce((s, r) => s + Number(r.held), 0),
    deviceDeliveries: Number(deviceDeliveries.n),
    deliveries,
    heldReported: Number(reported.n),
  };
}

/** Deliveries of the company still waiting to be sent (queued or sending). */
export async function countUnsent(db: Kysely<DB>, companyId: number): Promise<number> {
  const row = await db
    .selectFrom('alert_deliveries')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('company_id', '=', companyId)
    .where('status', 'in', ['queued', 'sending'])
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

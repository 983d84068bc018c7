/**
 * Fixtures of the data-scope sweep (sweep.test.ts): the objects each asker must not reach, the texts
 * that must never appear in a reply to it, the fixture askers the demo lacks, and a fingerprint of
 * every row an asker must not change.
 *
 * - Company B (Harbor) gets a role, a user, a store and a region with ids far above any demo id
 *   (900001…), so a bare `:id` filled with them never hits one of company A's rows by accident.
 * - Company B and the stores outside the operator's region each get a canary box with an Android
 *   device under it, and everything a device carries: name, IPs, MAC, hostid, security key, syslog
 *   lines, metric values (running info and host info), online events and alert records. Every canary
 *   text is distinctive (`CANARY-…`), so finding one in a reply is a leak, whatever the route.
 * - A company C only the fixture agent admin holds (with company A), and a platform user whose admin
 *   role grants only the user and role list pages.
 */
import { UserType } from '@storefleet/contracts';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';

import type { PasswordHasher } from '../auth/passwords';
import type { DB } from '../db/database';
import { DEMO_PASSWORD } from './test-app';

export const HIGH = { roleId: 900001, userId: 900002, storeId: 900003, levelId: 900004 } as const;

/** The fixture askers the demo lacks (sign in with the demo password). */
export const SWEEP_ACCOUNTS = { agent: 'sweep.agent', platform: 'sweep.platform' } as const;

/** What the fixture platform user's admin role grants: the user and role lists, no button. */
export const SWEEP_PLATFORM_CODES = [
  'user-management',
  'user-list-view',
  'role-management',
  'role-list-view',
];

/** Tables every request may write (bookkeeping, not company data). */
const BOOKKEEPING = new Set(['operation_logs', 'login_failures', 'revoked_tokens']);

/** Objects of one company (or of some of its stores) that an asker must not reach, as ids per kind. */
export interface SweepPlace {
  companyId: number;
  storeId: number;
  storeIds: number[];
  storeNos: string[];
  regionId: number;
  provinceId: number;
  cityId: number;
  levelIds: number[];
  areaCode: string;
  /** The canary Android device (under the canary box). */
  deviceId: number;
  /** The canary box, then the canary device. */
  deviceIds: number[];
  boxId: number;
  hostids: string[];
  /** Item keys the canary devices report. */
  items: string[];
  /** The canary device's asset number. */
  assetNos: string[];
  roleIds: number[];
  userIds: number[];
  alertRuleIds: number[];
  labelIds: number[];
  netTestAddressIds: number[];
  logoIds: number[];
}

/** Rows an asker may legitimately change: its companies' rows, or only those of some stores. */
export interface Own {
  companyIds: number[];
  /** null: every store of `companyIds` and their company-wide rows; a list: only these stores' rows. */
  storeIds: number[] | null;
}

export interface SweepFixtures {
  companyA: number;
  companyB: number;
  companyC: number;
  /** Company B's objects (company A's admin and the agent admin ask for them). */
  b: SweepPlace & { roleId: number; userId: number; labelId: number | null; alertRuleId: number };
  /** Company A's stores outside the operator's region (the operator asks for them). */
  outside: SweepPlace;
  /** The East China stores the operator works with. */
  operatorStoreIds: number[];
  /**
   * Company A's own objects in the East China region (every A asker may use them), for the fields a
   * request needs besides the one that names the protected object: a throwaway role and user.
   */
  home: SweepPlace;
  /** Texts that must never appear in a reply to company A's askers (about B) and to the operator. */
  secrets: { companyB: string[]; outside: string[] };
}

const CANARY = {
  metricText: (tag: string) => `CANARY-METRIC-${tag}`,
  syslog: (tag: string) => `CANARY-SYSLOG-${tag} link flap on port 7`,
  alert: (tag: string) => `CANARY-ALERT-${tag}`,
  disk: (tag: string) => `CANARY-DISK-${tag}`,
};

/** Inserts a canary box and an Android device under it in `storeId`; returns their ids and secrets. */
async function seedCanaryDevices(
  db: Kysely<DB>,
  companyId: number,
  storeId: number,
  alertRuleId: number,
  tag: string,
  octet: number,
): Promise<{
  boxId: number;
  deviceId: number;
  hostids: string[];
  items: string[];
  assetNo: string;
  secrets: string[];
}> {
  const now = Date.now();
  const base = {
    company_id: companyId,
    shop_id: storeId,
    device_brand: 'Canary',
    model: `CANARY-MODEL-${tag}`,
    created_at: now,
    updated_at: now,
  };
  const box = await db
    .insertInto('devices')
    .values({
      ...base,
      product_id: 1,
      connect_type: 1,
      device_system: 0,
      hostid: `canary-box-${tag.toLowerCase()}`,
      device_name: `CANARY-BOX-${tag}`,
      device_sn: `CANARY-SN-BOX-${tag}`,
      intranet_ip: `127.201.${octet}.1`,
      mac_address: `CA:FE:${octet}:00:00:01`,
      security_key: `CANARY-KEY-${tag}-7f3a9c`,
      community: `CANARY-COMMUNITY-${tag}`,
      monitored: 1,
      // Offline and never seen: the server's offline sweep has nothing to change while the sweep runs.
      online_status: 0,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const device = await db
    .insertInto('devices')
    .values({
      ...base,
      product_id: 8,
      connect_type: 5,
      device_system: 2,
      parent_device_id: box.id,
      hostid: `canary-pda-${tag.toLowerCase()}`,
      device_name: `CANARY-PDA-${tag}`,
      device_sn: `CANARY-SN-PDA-${tag}`,
      intranet_ip: `127.201.${octet}.2`,
      extranet_ip: `127.202.${octet}.2`,
      mac_address: `CA:FE:${octet}:00:00:02`,
      asset_no: `CANARY-ASSET-${tag}`,
      custodian: `CANARY-CUSTODIAN-${tag}`,
      enable_remote: 1,
      monitored: 1,
      // Offline and never seen: the server's offline sweep has nothing to change while the sweep runs.
      online_status: 0,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const hostInfo = JSON.stringify({
    cpu: null,
    memory: [],
    disks: [
      {
        filesystem: CANARY.disk(tag),
        size: '100',
        used: '1',
        available: '99',
        usedPercent: '1%',
        mountedOn: `/canary-${tag.toLowerCase()}`,
      },
    ],
    battery: null,
  });
  const metrics = [
    { item: 'icmp.delay', value_num: octet + 0.6180339, value_text: null },
    { item: 'agent.version', value_num: null, value_text: CANARY.metricText(tag) },
    { item: 'host.info', value_num: null, value_text: hostInfo },
  ];
  for (const [seq, m] of metrics.entries()) {
    await db
      .insertInto('device_metrics')
      .values({ device_id: device.id, reporter_id: box.id, seq: seq + 1, clock: now - 1000, ...m })
      .execute();
    await db
      .insertInto('device_latest')
      .values({ device_id: device.id, clock: now - 1000, ...m })
      .execute();
  }
  await db
    .insertInto('device_metric_hourly')
    .values({
      device_id: device.id,
      item: 'icmp.delay',
      hour: Math.floor(now / 3_600_000) * 3_600_000,
      min_value: octet + 0.6180339,
      avg_value: octet + 0.6180339,
      max_value: octet + 0.6180339,
      samples: 1,
    })
    .execute();
  await db.insertInto('device_seq').values({ reporter_id: box.id, device_id: device.id, seq: 3 }).execute();
  await db
    .insertInto('device_online_events')
    .values({ device_id: device.id, status: 1, at: now - 5000, cause: `CANARY-CAUSE-${tag}` })
    .execute();
  await db
    .insertInto('device_syslogs')
    .values({
      device_id: device.id,
      reporter_id: box.id,
      seq: 4,
      host_ip: `127.201.${octet}.2`,
      log_level: 'err',
      log_priority: 3,
      log_datetime: now - 2000,
      log_message: CANARY.syslog(tag),
      log_content: `<11>${CANARY.syslog(tag)}`,
      log_uuid: `canary-uuid-${tag.toLowerCase()}`,
      format: 'rfc3164',
      app: `CANARY-APP-${tag}`,
      hostname: `CANARY-HOST-${tag}`,
    })
    .execute();
  if (alertRuleId > 0) {
    await db
      .insertInto('alert_records')
      .values({
        uuid: `canary-alert-${tag.toLowerCase()}`,
        company_id: companyId,
        rule_id: alertRuleId,
        device_id: device.id,
        shop_id: storeId,
        name: CANARY.alert(tag),
        severity: 1,
        item: 'icmp.delay',
        trigger_value: 5,
        value: octet + 0.6180339,
        alert_time: now - 3000,
      })
      .execute();
  }
  return {
    boxId: box.id,
    deviceId: device.id,
    hostids: [`canary-box-${tag.toLowerCase()}`, `canary-pda-${tag.toLowerCase()}`],
    items: metrics.map((m) => m.item),
    assetNo: `CANARY-ASSET-${tag}`,
    secrets: [
      `CANARY-BOX-${tag}`,
      `CANARY-PDA-${tag}`,
      `CANARY-SN-BOX-${tag}`,
      `CANARY-MODEL-${tag}`,
      `canary-box-${tag.toLowerCase()}`,
      `canary-pda-${tag.toLowerCase()}`,
      `127.201.${octet}.1`,
      `127.201.${octet}.2`,
      `127.202.${octet}.2`,
      `CA:FE:${octet}:00:00:01`,
      `CA:FE:${octet}:00:00:02`,
      `CANARY-KEY-${tag}-7f3a9c`,
      `CANARY-COMMUNITY-${tag}`,
      `CANARY-ASSET-${tag}`,
      `CANARY-CUSTODIAN-${tag}`,
      CANARY.metricText(tag),
      CANARY.disk(tag),
      `CANARY-CAUSE-${tag}`,
      `CANARY-SYSLOG-${tag}`,
      `CANARY-APP-${tag}`,
      `CANARY-HOST-${tag}`,
      `canary-uuid-${tag.toLowerCase()}`,
      CANARY.alert(tag),
      // The metric value as a reply would print it (the running item's value, a chart point).
      String(octet + 0.6180339).slice(0, 8),
    ],
  };
}

async function placeOf(
  db: Kysely<DB>,
  companyId: number,
  regionName: string,
  high: boolean,
): Promise<Omit<SweepPlace, 'deviceId' | 'deviceIds' | 'boxId' | 'hostids' | 'items' | 'assetNos'>> {
  const region = await db
    .selectFrom('level_configs')
    .select('id')
    .where('company_id', '=', companyId)
    .where('name', '=', regionName)
    .executeTakeFirstOrThrow();
  const stores = await db
    .selectFrom('stores')
    .select(['id', 'store_no', 'area_code', 'province_level', 'city_level'])
    .where('area_level', '=', region.id)
    .orderBy('id')
    .execute();
  const first = stores[0];
  if (!first) throw new Error(`no stores under ${regionName}`);
  const levels = await db
    .selectFrom('level_configs')
    .select('id')
    .where('company_id', '=', companyId)
    .where((eb) =>
      eb.or([eb('id', '=', region.id), eb('pid', '=', region.id), eb('id', '=', first.city_level ?? 0)]),
    )
    .execute();
  const ids = async (table: 'roles' | 'users' | 'alert_rules' | 'level_labels' | 'company_logos') =>
    (
      await db
        .selectFrom(table)
        .select('id')
        .where('company_id', '=', companyId)
        .orderBy('id', 'desc')
        .execute()
    ).map((r) => r.id);
  const netTest = await db
    .selectFrom('net_test_addresses')
    .select('id')
    .where('company_id', '=', companyId)
    .orderBy('id', 'desc')
    .execute();
  return {
    companyId,
    storeId: high ? HIGH.storeId : first.id,
    storeIds: [...(high ? [HIGH.storeId] : []), ...stores.map((s) => s.id)],
    storeNos: [...(high ? ['HLSWEEP1'] : []), ...stores.map((s) => s.store_no)],
    regionId: region.id,
    provinceId: first.province_level ?? region.id,
    cityId: first.city_level ?? region.id,
    levelIds: levels.map((l) => l.id),
    areaCode: first.area_code ?? '',
    roleIds: await ids('roles'),
    userIds: await ids('users'),
    alertRuleIds: await ids('alert_rules'),
    labelIds: await ids('level_labels'),
    netTestAddressIds: netTest.map((r) => r.id),
    logoIds: await ids('company_logos'),
  };
}

/** Creates the fixtures (once per database) and gathers every asker's targets and secrets. */
export async function prepareSweepFixtures(
  db: Kysely<DB>,
  passwords: PasswordHasher,
): Promise<SweepFixtures> {
  const companies = await db.selectFrom('companies').select(['id', 'company_no']).orderBy('id').execute();
  const companyA = companies.find((c) => c.company_no === 'NW001')?.id ?? 0;
  const companyB = companies.find((c) => c.company_no === 'HL001')?.id ?? 0;
  const now = Date.now();
  const stamp = { created_at: now, updated_at: now };
  const bRegion = await db
    .selectFrom('level_configs')
    .select(['id', 'name'])
    .where('company_id', '=', companyB)
    .where('level', '=', 1)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('level_configs')
    .values({
      id: HIGH.levelId,
      company_id: companyB,
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
      company_id: companyB,
      store_no: 'HLSWEEP1',
      store_name: 'Harbor Sweep Depot',
      addr: '哈伯清扫路1号',
      area_code: '510100',
      area_level: bRegion.id,
      status: 0,
      ...stamp,
    })
    .execute();
  await db
    .insertInto('roles')
    .values({
      id: HIGH.roleId,
      company_id: companyB,
      app: 'company',
      name: 'Harbor Sweep Role',
      description: 'sweep',
      authorities: '["dashboard"]',
      button_authorities: '[]',
      area_ids: `[${bRegion.id}]`,
      store_ids: '[]',
      ...stamp,
    })
    .execute();
  const userBase = { password_changed_at: now, status: 'ACTIVE', area_ids: '[]', store_ids: '[]', ...stamp };
  await db
    .insertInto('users')
    .values({
      ...userBase,
      id: HIGH.userId,
      company_id: companyB,
      user_type: UserType.CUSTOMER_COMMON_USER,
      account_name: 'harbor.sweep',
      name: 'Harbor Sweeper',
      password_hash: 'x',
      role_id: HIGH.roleId,
    })
    .execute();
  await db
    .insertInto('net_test_addresses')
    .values({
      company_id: companyB,
      ping_url: 'https://canary-nettest-b.invalid',
      ping_url_name: 'CANARY-NETTEST-B',
      ...stamp,
    })
    .execute();
  await db
    .insertInto('company_logos')
    .values({
      company_id: companyB,
      img_url: '/api/user-service/log/file/canary-logo-b.png',
      status: 1,
      ...stamp,
    })
    .execute();

  await db
    .insertInto('operation_logs')
    .values({
      company_id: companyB,
      api_name: 'CANARY-OPLOG-B',
      class_method: 'sweep.canary',
      req_data: '{"canary":"CANARY-OPLOG-DATA-B"}',
      req_url: '/api/canary-oplog-b',
      status: 200,
      error_msg: null,
      ip_address: '127.0.0.1',
      user_id: HIGH.userId,
      user_name: 'harbor.sweep',
      module_name: 'sweep',
      operation_time: now,
    })
    .execute();

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

  const bPlace = await placeOf(db, companyB, bRegion.name, true);
  const bRule = bPlace.alertRuleIds[0] ?? 0;
  const bCanary = await seedCanaryDevices(db, companyB, HIGH.storeId, bRule, 'B', 77);
  const outPlace = await placeOf(db, companyA, '华北大区', false);
  const outCanary = await seedCanaryDevices(
    db,
    companyA,
    outPlace.storeId,
    outPlace.alertRuleIds[0] ?? 0,
    'OUT',
    88,
  );
  const operatorRegion = await placeOf(db, companyA, '华东大区', false);
  const homeRole = await db
    .insertInto('roles')
    .values({
      company_id: companyA,
      app: 'company',
      name: 'Sweep home role',
      description: 'sweep',
      authorities: '["dashboard"]',
      button_authorities: '[]',
      area_ids: '[]',
      store_ids: '[]',
      ...stamp,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const homeUser = await db
    .insertInto('users')
    .values({
      ...userBase,
      company_id: companyA,
      user_type: UserType.CUSTOMER_COMMON_USER,
      account_name: 'sweep.home',
      name: 'Sweep Home User',
      password_hash: 'x',
      role_id: homeRole.id,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const homeDevices = await db
    .selectFrom('devices')
    .select(['id', 'hostid', 'parent_device_id'])
    .where('shop_id', '=', operatorRegion.storeId)
    .orderBy('id')
    .execute();
  const homeBox = homeDevices.find((d) => d.parent_device_id === null);
  const homeDevice = homeDevices.find((d) => d.parent_device_id !== null);
  if (!homeBox || !homeDevice) throw new Error('the East China store has no box with devices');
  const withDevices = (
    place: typeof bPlace,
    canary: Awaited<ReturnType<typeof seedCanaryDevices>>,
  ): SweepPlace => ({
    ...place,
    deviceId: canary.deviceId,
    deviceIds: [canary.boxId, canary.deviceId],
    boxId: canary.boxId,
    hostids: canary.hostids,
    items: canary.items,
    assetNos: [canary.assetNo],
  });
  return {
    companyA,
    companyB,
    companyC,
    b: {
      ...withDevices(bPlace, bCanary),
      roleId: HIGH.roleId,
      userId: HIGH.userId,
      labelId: bPlace.labelIds[0] ?? null,
      alertRuleId: bRule,
    },
    outside: withDevices(outPlace, outCanary),
    operatorStoreIds: operatorRegion.storeIds,
    home: {
      ...operatorRegion,
      roleIds: [homeRole.id],
      userIds: [homeUser.id],
      deviceId: homeDevice.id,
      deviceIds: [homeBox.id, homeDevice.id],
      boxId: homeBox.id,
      hostids: [homeBox.hostid, homeDevice.hostid],
      items: ['icmp.delay'],
      assetNos: [],
    },
    secrets: {
      companyB: [
        ...distinct(await textsOf(db, { companyId: companyB }), await textsOf(db, { companyId: companyA })),
        ...bCanary.secrets,
        'CANARY-NETTEST-B',
        'canary-nettest-b',
        'CANARY-OPLOG-B',
        'CANARY-OPLOG-DATA-B',
        'canary-logo-b',
      ],
      outside: [
        ...distinct(
          await textsOf(db, { storeIds: outPlace.storeIds }),
          await textsOf(db, { storeIds: operatorRegion.storeIds }),
        ),
        ...outCanary.secrets,
      ],
    },
  };
}

/** Names and numbers of a company's (or some stores') objects. */
async function textsOf(db: Kysely<DB>, of: { companyId?: number; storeIds?: number[] }): Promise<string[]> {
  const out: string[] = [];
  let stores = db.selectFrom('stores').select(['store_name', 'store_no']);
  if (of.companyId !== undefined) stores = stores.where('company_id', '=', of.companyId);
  if (of.storeIds) stores = stores.where('id', 'in', of.storeIds);
  for (const s of await stores.execute()) out.push(s.store_name, s.store_no);
  if (of.companyId === undefined) return out;
  const companyId = of.companyId;
  for (const c of await db
    .selectFrom('companies')
    .select(['name', 'company_no'])
    .where('id', '=', companyId)
    .execute())
    out.push(c.name, c.company_no);
  for (const l of await db
    .selectFrom('level_configs')
    .select(['name', 'ename'])
    .where('company_id', '=', companyId)
    .execute())
    out.push(l.name, ...(l.ename ? [l.ename] : []));
  for (const r of await db.selectFrom('roles').select('name').where('company_id', '=', companyId).execute())
    out.push(r.name);
  for (const u of await db
    .selectFrom('users')
    .select(['account_name', 'name'])
    .where('company_id', '=', companyId)
    .where('user_type', '!=', UserType.AGENT_CUSTOMER_ADMIN_USER)
    .execute())
    out.push(u.account_name, u.name);
  return out;
}

/** The secrets that do not also occur in what the asker may legitimately see. */
function distinct(secret: string[], allowed: string[]): string[] {
  return [...new Set(secret)].filter((s) => s.length >= 2 && !allowed.some((a) => a.includes(s)));
}

// The schema does not change while the sweep runs: read it once.
let tablesOnce: ReturnType<Kysely<DB>['introspection']['getTables']> | undefined;

/** Which company and store a row belongs to, from its columns (company_id, shop_id, device_id, user_id…). */
interface Owners {
  storeCompany: Map<number, number>;
  deviceStore: Map<number, number>;
  userCompany: Map<number, number | null>;
}

async function ownersOf(db: Kysely<DB>): Promise<Owners> {
  const [stores, devices, users] = await Promise.all([
    db.selectFrom('stores').select(['id', 'company_id']).execute(),
    db.selectFrom('devices').select(['id', 'shop_id']).execute(),
    db.selectFrom('users').select(['id', 'company_id']).execute(),
  ]);
  return {
    storeCompany: new Map(stores.map((s) => [Number(s.id), Number(s.company_id)])),
    deviceStore: new Map(devices.map((d) => [Number(d.id), Number(d.shop_id)])),
    userCompany: new Map(
      users.map((u) => [Number(u.id), u.company_id === null ? null : Number(u.company_id)]),
    ),
  };
}

/** The company (null: none, a platform row) and store of a row, or undefined when it names neither. */
function rowOwner(
  table: string,
  row: Record<string, unknown>,
  owners: Owners,
): { company: number | null; store: number | null } | undefined {
  const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  let store: number | null = null;
  if (table === 'stores') store = num(row.id);
  else if ('shop_id' in row) store = num(row.shop_id);
  else if ('device_id' in row) store = owners.deviceStore.get(Number(row.device_id)) ?? null;
  if (store !== null) return { company: owners.storeCompany.get(store) ?? null, store };
  if (table === 'companies') return { company: num(row.id), store: null };
  if ('company_id' in row) return { company: num(row.company_id), store: null };
  if ('user_id' in row) return { company: owners.userCompany.get(Number(row.user_id)) ?? null, store: null };
  return undefined;
}

function mayChange(owner: ReturnType<typeof rowOwner>, own: Own): boolean {
  if (!owner || owner.company === null || !own.companyIds.includes(owner.company)) return false;
  if (own.storeIds === null) return true;
  return owner.store !== null && own.storeIds.includes(owner.store);
}

/**
 * A fingerprint of every row the asker must not change, per table: every table the database holds
 * (read from the database itself, so a new table is covered), less the bookkeeping ones; a row counts
 * as the asker's own only when its company (and, for a store-bound asker, its store) is the asker's.
 * Rows that name no company at all (dictionaries, platform roles and users) are never the asker's.
 */
export async function fingerprint(db: Kysely<DB>, own: Own): Promise<Map<string, string>> {
  tablesOnce ??= db.introspection.getTables();
  const tables = [...(await tablesOnce)].filter((t) => !BOOKKEEPING.has(t.name));
  const owners = await ownersOf(db);
  const sorted = tables.sort((x, y) => x.name.localeCompare(y.name));
  // Read in parallel: PostgreSQL's pool answers them at once; SQLite queues them on its connection.
  const read = await Promise.all(
    sorted.map(
      async (table) =>
        (await sql<Record<string, unknown>>`select * from ${sql.table(table.name)}`.execute(db)).rows,
    ),
  );
  const out = new Map<string, string>();
  sorted.forEach((table, i) => {
    const lines = (read[i] ?? [])
      .filter((r) => !mayChange(rowOwner(table.name, r, owners), own))
      .map((r) =>
        JSON.stringify(
          Object.entries(r)
            .map(([k, v]) => [k, typeof v === 'bigint' ? String(v) : v instanceof Date ? v.getTime() : v])
            .sort(),
        ),
      );
    out.set(table.name, lines.sort().join('\n'));
  });
  return out;
}

/** The tables whose protected rows differ between two fingerprints. */
export function changedTables(before: Map<string, string>, after: Map<string, string>): string[] {
  return [...new Set([...before.keys(), ...after.keys()])].filter((k) => before.get(k) !== after.get(k));
}

/**
 * Rows that point at another company's object: a device under another company's box or in its
 * store, a store under its levels, a level under its level, a user holding its role, an alert of its
 * rule, a role or user scoped to its areas or stores. A request that passes its own ids with one
 * foreign id must not create such a link (the fingerprint alone would miss it: the row is the
 * asker's own). Empty when there is none.
 */
export async function crossCompanyLinks(db: Kysely<DB>): Promise<string[]> {
  const pairs = await sql<{ what: string; id: number }>`
    select 'device parent' as what, d.id as id from devices d
      join devices p on p.id = d.parent_device_id where p.company_id <> d.company_id
    union all
    select 'device store', d.id from devices d join stores s on s.id = d.shop_id
      where s.company_id <> d.company_id
    union all
    select 'store level', s.id from stores s join level_configs l
      on l.id = s.area_level or l.id = s.province_level or l.id = s.city_level
      where l.company_id <> s.company_id
    union all
    select 'level parent', c.id from level_configs c join level_configs p on p.id = c.pid
      where p.company_id <> c.company_id
    union all
    select 'user role', u.id from users u join roles r on r.id = u.role_id
      where r.company_id is not null and (u.company_id is null or r.company_id <> u.company_id)
    union all
    select 'alert rule', a.id from alert_records a join alert_rules r on r.id = a.rule_id
      where r.company_id <> a.company_id
  `.execute(db);
  const out = pairs.rows.map((r) => `${r.what} of row ${r.id}`);
  const levels = new Map(
    (await db.selectFrom('level_configs').select(['id', 'company_id']).execute()).map((l) => [
      Number(l.id),
      Number(l.company_id),
    ]),
  );
  const stores = new Map(
    (await db.selectFrom('stores').select(['id', 'company_id']).execute()).map((s) => [
      Number(s.id),
      Number(s.company_id),
    ]),
  );
  const scoped = [
    ...(await db.selectFrom('roles').select(['id', 'company_id', 'area_ids', 'store_ids']).execute()).map(
      (r) => ({ what: 'role', ...r }),
    ),
    ...(await db.selectFrom('users').select(['id', 'company_id', 'area_ids', 'store_ids']).execute()).map(
      (u) => ({ what: 'user', ...u }),
    ),
  ];
  for (const row of scoped) {
    if (row.company_id === null) continue;
    const company = Number(row.company_id);
    const list = (text: string) => (JSON.parse(text || '[]') as unknown[]).map(Number);
    if (list(row.area_ids).some((id) => levels.has(id) && levels.get(id) !== company))
      out.push(`${row.what} ${row.id} covers another company's area`);
    if (list(row.store_ids).some((id) => stores.has(id) && stores.get(id) !== company))
      out.push(`${row.what} ${row.id} covers another company's store`);
  }
  return out.sort();
}

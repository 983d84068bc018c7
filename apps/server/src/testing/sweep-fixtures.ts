/**
 * Fixtures of the data-scope sweep (sweep.test.ts): the objects each asker must not reach and the
 * texts that must never appear in a reply to it.
 *
 * - Company B (Harbor) gets a role, a user, a store and a region with ids far above any demo id
 *   (900001…, sweep-high.ts), so a bare `:id` filled with them never hits one of company A's rows.
 * - Company B and the stores outside the operator's region each get a canary box with an Android
 *   device under it (sweep-canaries.ts); company B its canary records (net test, upgrade, task, logo,
 *   operation log: sweep-records.ts).
 * - The fixture askers the demo lacks: sweep-accounts.ts. What an asker must not change:
 *   sweep-fingerprint.ts and sweep-cross-links.ts.
 */
import { UserType } from '@storefleet/contracts';
import type { Kysely } from 'kysely';

import type { PasswordHasher } from '../auth/passwords';
import type { DB } from '../db/database';
import { seedSweepAccounts } from './sweep-accounts';
import { type CanaryDevices, seedCanaryDevices } from './sweep-canaries';
import { HIGH, seedHighObjects } from './sweep-high';
import { seedCanaryInventory } from './sweep-inventory';
import { seedCanaryRecords } from './sweep-records';
import { SENDER_SECRETS, seedSweepSenders, senderIdsOf } from './sweep-senders';

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
  /** Alert recipients covering the place's stores or its region. */
  alertSenderIds: number[];
  /** The canary device's alert record. */
  alertRecordIds: number[];
  labelIds: number[];
  netTestAddressIds: number[];
  /** Net-test runs of the company (issue 14). */
  netTestRunIds: number[];
  /** Upgrade runs of the company (issue 14, box software versions). */
  upgradeRunIds: number[];
  /** Tasks of the company (issue 14, task dispatch). */
  taskIds: number[];
  logoIds: number[];
  /** Inventory records: the canary records, or (home) the place's own demo records. */
  inventoryIds: number[];
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

async function placeOf(
  db: Kysely<DB>,
  companyId: number,
  regionName: string,
  high: boolean,
): Promise<
  Omit<
    SweepPlace,
    'deviceId' | 'deviceIds' | 'boxId' | 'hostids' | 'items' | 'assetNos' | 'alertRecordIds' | 'inventoryIds'
  >
> {
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
  const ids = async (
    table:
      | 'roles'
      | 'users'
      | 'alert_rules'
      | 'level_labels'
      | 'company_logos'
      | 'net_test_runs'
      | 'upgrade_runs'
      | 'tasks',
  ) =>
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
    alertSenderIds: await senderIdsOf(
      db,
      [...(high ? [HIGH.storeId] : []), ...stores.map((s) => s.id)],
      region.id,
    ),
    labelIds: await ids('level_labels'),
    netTestAddressIds: netTest.map((r) => r.id),
    netTestRunIds: await ids('net_test_runs'),
    upgradeRunIds: await ids('upgrade_runs'),
    taskIds: await ids('tasks'),
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
  await seedHighObjects(db, companyB, bRegion.id);
  const userBase = { password_changed_at: now, status: 'ACTIVE', area_ids: '[]', store_ids: '[]', ...stamp };
  const bRecords = await seedCanaryRecords(db, {
    companyId: companyB,
    storeId: HIGH.storeId,
    userId: HIGH.userId,
    userName: 'harbor.sweep',
  });

  const companyC = await seedSweepAccounts(db, passwords, companyA);
  await seedSweepSenders(db, companyB, HIGH.storeId, companyA, '华北大区');

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
  const bInventory = await seedCanaryInventory(db, companyB, HIGH.storeId, bCanary.deviceId, 'B', 77);
  const outInventory = await seedCanaryInventory(
    db,
    companyA,
    outPlace.storeId,
    outCanary.deviceId,
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
  // The home store's own records, waiting ones (unbound) first: the ids a request needs besides the
  // protected one (binding a home record to a protected device).
  const homeInventory = (
    await db
      .selectFrom('inventory_records')
      .select(['id', 'bound_device_id'])
      .where('shop_id', '=', operatorRegion.storeId)
      .orderBy('id')
      .execute()
  ).sort((x, y) => Number(x.bound_device_id !== null) - Number(y.bound_device_id !== null));
  const withDevices = (
    place: typeof bPlace,
    canary: CanaryDevices,
    inventory: { inventoryIds: number[] },
  ): SweepPlace => ({
    ...place,
    inventoryIds: inventory.inventoryIds,
    deviceId: canary.deviceId,
    deviceIds: [canary.boxId, canary.deviceId],
    boxId: canary.boxId,
    hostids: canary.hostids,
    alertRecordIds: canary.alertRecordIds,
    items: canary.items,
    assetNos: [canary.assetNo],
  });
  return {
    companyA,
    companyB,
    companyC,
    b: {
      ...withDevices(bPlace, bCanary, bInventory),
      roleId: HIGH.roleId,
      userId: HIGH.userId,
      labelId: bPlace.labelIds[0] ?? null,
      alertRuleId: bRule,
    },
    outside: withDevices(outPlace, outCanary, outInventory),
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
      alertRecordIds: [],
      assetNos: [],
      inventoryIds: homeInventory.map((r) => r.id),
    },
    secrets: {
      companyB: [
        ...distinct(await textsOf(db, { companyId: companyB }), await textsOf(db, { companyId: companyA })),
        ...bCanary.secrets,
        ...bRecords.secrets,
        ...SENDER_SECRETS.companyB,
        ...bInventory.secrets,
      ],
      outside: [
        ...distinct(
          await textsOf(db, { storeIds: outPlace.storeIds }),
          await textsOf(db, { storeIds: operatorRegion.storeIds }),
        ),
        ...outCanary.secrets,
        ...SENDER_SECRETS.outside,
        ...outInventory.secrets,
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

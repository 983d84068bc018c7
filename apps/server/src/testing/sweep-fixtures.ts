/**
 * Fixtures of the data-scope sweep (sweep.test.ts): company B's objects that company A's admin asks
 * for, the stores outside the demo operator's region, the texts that must never reach either asker,
 * and a fingerprint of the rows neither may change.
 *
 * Company B gets a role, a user, a store and a region with ids far above any demo id (900001…), so a
 * bare `:id` filled with them can never hit one of company A's rows by accident.
 */
import { UserType } from '@storefleet/contracts';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';

import type { DB } from '../db/database';

export const HIGH = { roleId: 900001, userId: 900002, storeId: 900003, levelId: 900004 } as const;

/** Tables every request may write (bookkeeping, not company data). */
const BOOKKEEPING = new Set(['operation_logs', 'login_failures', 'revoked_tokens']);

export interface SweepPlace {
  storeId: number;
  storeIds: number[];
  regionId: number;
  provinceId: number;
  cityId: number;
  levelIds: number[];
  areaCode: string;
  /** A device in one of the stores (0 when they have none). */
  deviceId: number;
}

export interface SweepFixtures {
  companyA: number;
  companyB: number;
  /** Company B's objects (admin of company A asks for them). */
  b: SweepPlace & { roleId: number; userId: number; labelId: number | null; alertRuleId: number };
  /** Company A's stores outside the operator's region (the operator asks for them). */
  outside: SweepPlace;
  /** Texts that must never appear in a reply to each asker. */
  secrets: { admin: string[]; operator: string[] };
}

async function placeOf(
  db: Kysely<DB>,
  companyId: number,
  regionName: string,
  high: boolean,
): Promise<SweepPlace> {
  const region = await db
    .selectFrom('level_configs')
    .select('id')
    .where('company_id', '=', companyId)
    .where('name', '=', regionName)
    .executeTakeFirstOrThrow();
  const stores = await db
    .selectFrom('stores')
    .select(['id', 'area_code', 'province_level', 'city_level'])
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
  const device = await db
    .selectFrom('devices')
    .select('id')
    .where(
      'shop_id',
      'in',
      stores.map((s) => s.id),
    )
    .orderBy('id')
    .executeTakeFirst();
  return {
    storeId: high ? HIGH.storeId : first.id,
    storeIds: [...(high ? [HIGH.storeId] : []), ...stores.map((s) => s.id)],
    regionId: region.id,
    provinceId: first.province_level ?? region.id,
    cityId: first.city_level ?? region.id,
    levelIds: levels.map((l) => l.id),
    areaCode: first.area_code ?? '',
    deviceId: device?.id ?? 0,
  };
}

/** Creates company B's high-id objects and gathers both askers' targets and secrets. */
export async function prepareSweepFixtures(db: Kysely<DB>): Promise<SweepFixtures> {
  const companies = await db.selectFrom('companies').select(['id', 'company_no']).orderBy('id').execute();
  const companyA = companies.find((c) => c.company_no === 'NW001')?.id ?? 0;
  const companyB = companies.find((c) => c.company_no === 'HL001')?.id ?? 0;
  const now = Date.now();
  const bRegion = await db
    .selectFrom('level_configs')
    .select('id')
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
      created_at: now,
      updated_at: now,
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
      created_at: now,
      updated_at: now,
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
      created_at: now,
      updated_at: now,
    })
    .execute();
  await db
    .insertInto('users')
    .values({
      id: HIGH.userId,
      company_id: companyB,
      user_type: 3,
      account_name: 'harbor.sweep',
      name: 'Harbor Sweeper',
      password_hash: 'x',
      password_changed_at: now,
      status: 'ACTIVE',
      role_id: HIGH.roleId,
      area_ids: '[]',
      store_ids: '[]',
      created_at: now,
      updated_at: now,
    })
    .execute();
  const label = await db
    .selectFrom('level_labels')
    .select('id')
    .where('company_id', '=', companyB)
    .executeTakeFirst();
  const bName = (
    await db.selectFrom('level_configs').select('name').where('id', '=', bRegion.id).executeTakeFirstOrThrow()
  ).name;
  const b = await placeOf(db, companyB, bName, true);
  const alertRule = await db
    .selectFrom('alert_rules')
    .select('id')
    .where('company_id', '=', companyB)
    .orderBy('id')
    .executeTakeFirst();
  const outside = await placeOf(db, companyA, '华北大区', false);
  const operatorRegion = await placeOf(db, companyA, '华东大区', false);
  return {
    companyA,
    companyB,
    b: {
      ...b,
      roleId: HIGH.roleId,
      userId: HIGH.userId,
      labelId: label?.id ?? null,
      alertRuleId: alertRule?.id ?? 0,
    },
    outside,
    secrets: {
      admin: distinct(await textsOf(db, { companyId: companyB }), await textsOf(db, { companyId: companyA })),
      operator: distinct(
        await textsOf(db, { storeIds: outside.storeIds }),
        await textsOf(db, { storeIds: operatorRegion.storeIds }),
      ),
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

/**
 * A fingerprint of the rows an asker must not change: for the admin, every row of company B (tables
 * with company_id, and tables with shop_id pointing at B's stores); for the operator, the rows of
 * the stores outside its region and everything hanging off them.
 */
export async function fingerprint(
  db: Kysely<DB>,
  f: SweepFixtures,
  asker: 'admin' | 'operator',
): Promise<string> {
  tablesOnce ??= db.introspection.getTables();
  const tables = [...(await tablesOnce)];
  const parts: string[] = [];
  const storeIds = asker === 'admin' ? f.b.storeIds : f.outside.storeIds;
  for (const table of tables.sort((x, y) => x.name.localeCompare(y.name))) {
    if (BOOKKEEPING.has(table.name)) continue;
    const columns = new Set(table.columns.map((c) => c.name));
    let where: ReturnType<typeof sql> | null = null;
    if (table.name === 'stores') where = sql`id in (${sql.join(storeIds)})`;
    else if (columns.has('shop_id')) where = sql`shop_id in (${sql.join(storeIds)})`;
    else if (asker === 'admin' && columns.has('company_id')) where = sql`company_id = ${f.companyB}`;
    if (!where) continue;
    const rows = await sql<
      Record<string, unknown>
    >`select * from ${sql.table(table.name)} where ${where}`.execute(db);
    const lines = rows.rows.map((r) =>
      JSON.stringify(r, (_k, v: unknown) => (typeof v === 'bigint' ? String(v) : v)),
    );
    parts.push(`${table.name}:${lines.sort().join('\n')}`);
  }
  return parts.join('\n');
}

/**
 * The sweep's cross-company link check (sweep.test.ts): rows a request made point at another
 * company's object.
 */
import type { Kysely } from 'kysely';
import { sql } from 'kysely';

import type { DB } from '../db/database';

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

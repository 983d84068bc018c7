/**
 * The sweep's change detector (sweep.test.ts): a fingerprint of every row an asker must not change,
 * taken before and after each request.
 */
import type { Kysely } from 'kysely';
import { sql } from 'kysely';

import type { DB } from '../db/database';

/**
 * Tables every request may write (bookkeeping, not company data; the jobs' leases renew on timers, and
 * the nodes' heartbeats beat on theirs).
 */
const BOOKKEEPING = new Set([
  'operation_logs',
  'operation_log_head',
  'login_failures',
  'revoked_tokens',
  'session_activity',
  'job_leases',
  'server_nodes',
]);

/** Rows an asker may legitimately change: its companies' rows, or only those of some stores. */
export interface Own {
  companyIds: number[];
  /** null: every store of `companyIds` and their company-wide rows; a list: only these stores' rows. */
  storeIds: number[] | null;
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
 * The tables of the test's own schema. On PostgreSQL the introspection lists every schema's tables,
 * and test files run side by side, each in a fresh schema: a table (or a day partition) that only
 * another file's schema holds must not be read here.
 */
async function tablesOfThisSchema(db: Kysely<DB>) {
  const tables = await db.introspection.getTables();
  if (!tables.some((t) => t.schema)) return tables;
  const current = await sql<{ schema: string }>`select current_schema() as schema`
    .execute(db)
    .then((r) => r.rows[0]?.schema)
    .catch(() => undefined); // SQLite names its schema but has no current_schema()
  return current === undefined ? tables : tables.filter((t) => t.schema === current);
}

/**
 * A fingerprint of every row the asker must not change, per table: every table the database holds
 * (read from the database itself, so a new table is covered), less the bookkeeping ones; a row counts
 * as the asker's own only when its company (and, for a store-bound asker, its store) is the asker's.
 * Rows that name no company at all (dictionaries, platform roles and users) are never the asker's.
 */
export async function fingerprint(db: Kysely<DB>, own: Own): Promise<Map<string, string>> {
  tablesOnce ??= tablesOfThisSchema(db);
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

/**
 * The database handle every repository receives. One Kysely<DB> over SQLite (embedded default) or
 * PostgreSQL; the row types live in ./tables, one file per area. A new area adds its table file and
 * extends `DB` here, then appends a migration to ./migrations/index.ts.
 */
import type { Kysely } from 'kysely';

import { DatabaseOutage } from './database-outage';
import { openPostgres, type PoolUse } from './postgres';
import { openSqlite } from './sqlite';
import type { AccessTables } from './tables/access';
import type { AlertDeliveryTables } from './tables/alert-deliveries';
import type { AlertSenderTables } from './tables/alert-senders';
import type { AlertTables } from './tables/alerts';
import type { AuditTables } from './tables/audit';
import type { DeviceTables } from './tables/devices';
import type { InventoryTables } from './tables/inventory';
import type { JobLeaseTables } from './tables/job-leases';
import type { MfaTables } from './tables/mfa';
import type { MonitoringTables } from './tables/monitoring';
import type { NetTestTables } from './tables/net-test';
import type { NetTestRunTables } from './tables/net-test-runs';
import type { OfflineReasonTables } from './tables/offline-reasons';
import type { OrgTables } from './tables/org';
import type { ServerNodeTables } from './tables/server-nodes';
import type { SettingsTables } from './tables/settings';
import type { TaskTables } from './tables/tasks';
import type { UsageTables } from './tables/usage';
import type { VersionTables } from './tables/versions';
import { WriteWatches } from './write-watch';

export interface DB
  extends OrgTables,
    AccessTables,
    AuditTables,
    DeviceTables,
    MonitoringTables,
    NetTestTables,
    NetTestRunTables,
    SettingsTables,
    AlertTables,
    AlertSenderTables,
    AlertDeliveryTables,
    InventoryTables,
    UsageTables,
    OfflineReasonTables,
    VersionTables,
    JobLeaseTables,
    ServerNodeTables,
    TaskTables,
    MfaTables {}

export type DialectName = 'sqlite' | 'postgres';

export interface Database {
  db: Kysely<DB>;
  dialect: DialectName;
  /** PostgreSQL only: the schema the connections work in, when not the default. */
  pgSchema?: string;
  /** Committed-write counters of this handle, for in-process caches (write-watch.ts). */
  writes: WriteWatches;
  /** Whether statements get through right now, for `/ready` (database-outage.ts). */
  outage: DatabaseOutage;
  /** Closes the connection (SQLite) or drains the pool (PostgreSQL). */
  close(): Promise<void>;
  /** PostgreSQL only: the connection pool's use right now (`/metrics`). */
  poolUse?: () => PoolUse;
}

export interface OpenOptions {
  /** PostgreSQL only: the schema every pooled connection uses (tests use one schema per file). */
  pgSchema?: string;
  /** Hears background problems (a failed SQLite WAL checkpoint, a lost PostgreSQL connection), e.g. to log them. */
  onWarning?: (message: string) => void;
}

/** Opens `sqlite:<path>`, `sqlite::memory:` or a `postgres://` / `postgresql://` URL. */
export function openDatabase(url: string, options: OpenOptions = {}): Database {
  const writes = new WriteWatches();
  const outage = new DatabaseOutage();
  if (/^postgres(ql)?:\/\//.test(url)) {
    const { db, poolUse } = openPostgres(url, writes, options.pgSchema, options.onWarning, outage);
    return {
      db,
      dialect: 'postgres',
      pgSchema: options.pgSchema,
      writes,
      outage,
      close: () => db.destroy(),
      poolUse,
    };
  }
  if (url.startsWith('sqlite:')) {
    const { db, close } = openSqlite(url.slice('sqlite:'.length), writes, options.onWarning, outage);
    return { db, dialect: 'sqlite', writes, outage, close };
  }
  throw new Error(`unsupported database URL (expected sqlite: or postgres://): ${url.split(':')[0]}:`);
}

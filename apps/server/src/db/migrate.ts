/** Brings the schema up to date at start-up (and in every test database) with Kysely's Migrator. */
import { type Migration, type MigrationProvider, Migrator, sql } from 'kysely';

import type { Database } from './database';
import { MIGRATIONS, type MigrationContext } from './migrations';

class ListedMigrations implements MigrationProvider {
  constructor(
    private readonly database: Database,
    private readonly context: MigrationContext,
  ) {}

  async getMigrations(): Promise<Record<string, Migration>> {
    const dialect = this.database.dialect;
    return Object.fromEntries(
      MIGRATIONS.map(([name, migration]) => [
        name,
        { up: (db) => migration.up(db, dialect, this.context) } satisfies Migration,
      ]),
    );
  }
}

/** The schema new tables go to on PostgreSQL (the first of the connection's search_path). */
async function currentSchema(database: Database): Promise<string | undefined> {
  const { rows } = await sql<{ schema: string | null }>`select current_schema() as schema`.execute(
    database.db,
  );
  return rows[0]?.schema ?? undefined;
}

/** The migrator of `database`, its bookkeeping tables in the connection's schema. */
async function migratorOf(database: Database, context: MigrationContext = {}): Promise<Migrator> {
  // Kysely looks for its bookkeeping tables in any schema unless told which: name ours, or a second
  // schema on the same server (one per test file) would find the first one's tables and skip creating its own.
  // A URL that sets search_path (`?options=-c search_path=…`) names the schema the same way.
  const schema =
    database.pgSchema ?? (database.dialect === 'postgres' ? await currentSchema(database) : undefined);
  return new Migrator({
    db: database.db,
    provider: new ListedMigrations(database, context),
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
}

/** Names of the migrations this build has that the database has not run yet (`/ready`). */
export async function pendingMigrations(database: Database): Promise<string[]> {
  const migrations = await (await migratorOf(database)).getMigrations();
  return migrations.filter((m) => m.executedAt === undefined).map((m) => m.name);
}

/**
 * Applies every pending migration; throws naming the migration that failed. `context.secrets` (the
 * server's key ring) seals stored secrets on the way; without it a database holding any fails.
 */
export async function migrateToLatest(database: Database, context: MigrationContext = {}): Promise<void> {
  const { error, results } = await (await migratorOf(database, context)).migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`migration ${failed?.migrationName ?? '(unknown)'} failed: ${reason}`, { cause: error });
  }
}

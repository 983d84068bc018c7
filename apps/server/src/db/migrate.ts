/** Brings the schema up to date at start-up (and in every test database) with Kysely's Migrator. */
import { type Migration, type MigrationProvider, Migrator } from 'kysely';

import type { Database } from './database';
import { MIGRATIONS } from './migrations';

class ListedMigrations implements MigrationProvider {
  constructor(private readonly database: Database) {}

  async getMigrations(): Promise<Record<string, Migration>> {
    const dialect = this.database.dialect;
    return Object.fromEntries(
      MIGRATIONS.map(([name, migration]) => [
        name,
        { up: (db) => migration.up(db, dialect) } satisfies Migration,
      ]),
    );
  }
}

/** Applies every pending migration; throws naming the migration that failed. */
export async function migrateToLatest(database: Database): Promise<void> {
  // Kysely looks for its bookkeeping tables in any schema unless told which: name ours, or a second
  // schema on the same server (one per test file) would find the first one's tables and skip creating its own.
  const migrator = new Migrator({
    db: database.db,
    provider: new ListedMigrations(database),
    ...(database.pgSchema ? { migrationTableSchema: database.pgSchema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`migration ${failed?.migrationName ?? '(unknown)'} failed: ${reason}`, { cause: error });
  }
}

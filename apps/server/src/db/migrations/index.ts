/**
 * Every migration, in order. Append-only: never edit or reorder a migration that has shipped; add a
 * new file named `<yyyymmdd>_<nnnn>_<what>.ts` and list it last. Each migration is given the dialect
 * and branches only where SQLite and PostgreSQL differ (see ./columns.ts).
 */
import type { Kysely } from 'kysely';

import type { DialectName } from '../database';
import * as core from './20251122_0001_core';

export interface StorefleetMigration {
  up(db: Kysely<unknown>, dialect: DialectName): Promise<void>;
}

export const MIGRATIONS: ReadonlyArray<readonly [name: string, migration: StorefleetMigration]> = [
  ['20251122_0001_core', core],
];

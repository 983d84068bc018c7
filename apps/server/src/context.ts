/**
 * What services and repositories need from the running server, built once in app.ts and handed to
 * every module's route registration (`(app, ctx) => void`).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';

import type { PasswordHasher } from './auth/passwords';
import type { TokenSigner } from './auth/tokens';
import type { Config } from './config';
import type { Database, DB } from './db/database';

export interface AppContext {
  config: Config;
  database: Database;
  /** Shorthand for database.db. */
  db: Kysely<DB>;
  passwords: PasswordHasher;
  tokens: TokenSigner;
  log: FastifyBaseLogger;
}

/**
 * What a repository function runs its queries on: the database's query builder or a transaction of
 * it. Functions that must run inside a transaction take `Transaction<DB>` instead.
 */
import type { Kysely, Transaction } from 'kysely';

import type { DB } from './database';

export type Trx = Kysely<DB> | Transaction<DB>;

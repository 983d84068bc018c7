/**
 * How the engine reads a company's monitoring settings (probe interval, offline threshold, retention).
 * The engine does not import modules: buildApp passes the config module's reader to createEngine, and
 * tests may pass another.
 */
import type { MonitoringSettings } from '@storefleet/contracts';
import type { Kysely } from 'kysely';

import type { DB } from '../../db/database';

/** Reads a company's settings (defaults where it has none). */
export type SettingsReader = (db: Kysely<DB>, companyId: number) => Promise<MonitoringSettings>;

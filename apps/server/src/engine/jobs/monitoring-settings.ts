/**
 * Where the pipeline reads a company's monitoring settings (probe interval, offline threshold,
 * retention): the config-items service. Jobs take the reader as a parameter so tests can vary it.
 */
import type { MonitoringSettings } from '@storefleet/contracts';
import type { Kysely } from 'kysely';

import type { DB } from '../../db/database';
import { getMonitoringSettings } from '../../modules/config/config.service';

/** Reads a company's settings. */
export type SettingsReader = (db: Kysely<DB>, companyId: number) => Promise<MonitoringSettings>;

/** The company's stored settings, defaults where it has none. */
export const companySettings: SettingsReader = getMonitoringSettings;

/** Loads what checkDeviceRules needs for one store. */
import type { Kysely } from 'kysely';

import type { Scope } from '../../auth/caller';
import type { DB } from '../../db/database';
import { notFound } from '../../http/errors';
import { listCodeParents } from '../dictionaries/dictionary.repository';
import { findStorePlaceInScope } from '../stores/stores.repository';
import type { DeviceLookups } from './device-rules';
import { listStoreBoxIds } from './devices.repository';

/** Lookups for devices of store `shopId`; 404 when the store is unknown or outside `scope`. */
export async function loadDeviceLookups(
  db: Kysely<DB>,
  scope: Scope,
  shopId: number,
): Promise<DeviceLookups> {
  const store = await findStorePlaceInScope(db, scope, shopId);
  if (!store) throw notFound('store');
  const [boxIds, categories, classes] = await Promise.all([
    listStoreBoxIds(db, shopId),
    listCodeParents(db, 'CATEGORY_TYPE'),
    listCodeParents(db, 'SUBCLASS_TYPE'),
  ]);
  return { store, boxIds: new Set(boxIds), categories, classes };
}

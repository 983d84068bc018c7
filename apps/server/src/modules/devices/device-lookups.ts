/** Loads what checkDeviceRules and the duplicate checks need for one store. */
import { classProductTypeOf } from '@storefleet/contracts';
import type { Kysely } from 'kysely';

import type { Scope } from '../../auth/caller';
import type { DB } from '../../db/database';
import { notFound } from '../../http/errors';
import { listCodeParents, listItemsOfType } from '../dictionaries/dictionary.repository';
import { findStorePlaceInScope } from '../stores/stores.repository';
import { type TakenValues, takenValuesOf } from './device-duplicates';
import type { DeviceLookups } from './device-rules';
import { findHostidHolders, listStoreAddresses, listStoreBoxIds } from './devices.repository';

/** Lookups for devices of store `shopId`; 404 when the store is unknown or outside `scope`. */
export async function loadDeviceLookups(
  db: Kysely<DB>,
  scope: Scope,
  shopId: number,
): Promise<DeviceLookups> {
  const store = await findStorePlaceInScope(db, scope, shopId);
  if (!store) throw notFound({ zh: '门店', en: 'store' });
  const [boxIds, categories, classes, classItems] = await Promise.all([
    listStoreBoxIds(db, shopId),
    listCodeParents(db, 'CATEGORY_TYPE'),
    listCodeParents(db, 'SUBCLASS_TYPE'),
    listItemsOfType(db, 'SUBCLASS_TYPE'),
  ]);
  const classProductTypes = new Map<string, number>();
  for (const item of classItems) {
    const productType = classProductTypeOf(item.attribute1);
    if (productType !== null) classProductTypes.set(item.code, productType);
  }
  return { store, boxIds: new Set(boxIds), categories, classes, classProductTypes };
}

/** The hostids of the company among `hostids`, and the addresses of store `shopId`, already taken. */
export async function loadTakenValues(
  db: Kysely<DB>,
  companyId: number,
  shopId: number,
  hostids: readonly string[],
): Promise<TakenValues> {
  const [holders, storeDevices] = await Promise.all([
    findHostidHolders(db, companyId, hostids),
    listStoreAddresses(db, shopId),
  ]);
  return takenValuesOf(holders, storeDevices);
}

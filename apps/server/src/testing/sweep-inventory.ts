/**
 * The inventory canaries of the data-scope sweep (sweep-fixtures.ts): per protected place, a record
 * bound to the canary device and one waiting with the canary's MAC, every text distinctive
 * (`CANARY-INV-…`), so finding one in a reply is a leak.
 */
import { macKey } from '@storefleet/contracts';
import type { Kysely } from 'kysely';

import type { DB } from '../db/database';
import { stamps } from '../db/stamps';
import { insertInventoryRecords } from '../modules/inventory/inventory.repository';

export interface CanaryInventory {
  inventoryIds: number[];
  secrets: string[];
}

/** Inserts the place's canary records in `storeId` (the bound one first). */
export async function seedCanaryInventory(
  db: Kysely<DB>,
  companyId: number,
  storeId: number,
  deviceId: number,
  tag: string,
  octet: number,
): Promise<CanaryInventory> {
  const now = Date.now();
  const mac = `ca-fe-${octet}-00-00-09`;
  const base = {
    company_id: companyId,
    shop_id: storeId,
    ...stamps('sweep', now),
  };
  const inventoryIds = await insertInventoryRecords(db, [
    {
      ...base,
      asset_no: `CANARY-INV-ASSET-${tag}`,
      device_name: `CANARY-INV-BOUND-${tag}`,
      custodian: `CANARY-INV-CUSTODIAN-${tag}`,
      bound_device_id: deviceId,
      bound_at: now,
      bound_by: 'sweep',
    },
    {
      ...base,
      asset_no: `CANARY-INV-WAITING-${tag}`,
      device_name: `CANARY-INV-NAME-${tag}`,
      mac_address: mac,
      mac_key: macKey(mac),
      remark: `CANARY-INV-REMARK-${tag}`,
    },
  ]);
  return {
    inventoryIds,
    secrets: [
      `CANARY-INV-ASSET-${tag}`,
      `CANARY-INV-BOUND-${tag}`,
      `CANARY-INV-CUSTODIAN-${tag}`,
      `CANARY-INV-WAITING-${tag}`,
      `CANARY-INV-NAME-${tag}`,
      `CANARY-INV-REMARK-${tag}`,
      mac,
    ],
  };
}

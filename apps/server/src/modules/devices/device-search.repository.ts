/** Devices as the header's global search finds them (the devices module owns the `devices` table). */
import type { Kysely } from 'kysely';

import type { Scope } from '../../auth/caller';
import type { DB } from '../../db/database';
import { storeInScope } from '../../db/scope';
import { containsText } from '../../db/text';

export interface DeviceSearchRow {
  id: number;
  device_name: string;
  hostid: string;
  intranet_ip: string | null;
  mac_address: string | null;
  shop_id: number;
  store_name: string;
  online_status: number;
}

/**
 * Devices in stores inside `scope` whose name, hostid, serial number, intranet or extranet IP or MAC
 * address contains `text` (a MAC typed with `-` or `:` finds either form), at most `limit`: offline
 * devices first (the one being looked for is often the one in trouble), then by name.
 */
export async function searchDevices(
  db: Kysely<DB>,
  scope: Scope,
  text: string,
  limit: number,
): Promise<DeviceSearchRow[]> {
  const macForms = [...new Set([text, text.replaceAll('-', ':'), text.replaceAll(':', '-')])];
  return db
    .selectFrom('devices')
    .innerJoin('stores', 'stores.id', 'devices.shop_id')
    .select([
      'devices.id',
      'devices.device_name',
      'devices.hostid',
      'devices.intranet_ip',
      'devices.mac_address',
      'devices.shop_id',
      'stores.store_name',
      'devices.online_status',
    ])
    .where((eb) => storeInScope(eb, scope))
    .where((eb) =>
      eb.or([
        containsText('devices.device_name', text),
        containsText('devices.hostid', text),
        containsText('devices.device_sn', text),
        containsText('devices.intranet_ip', text),
        containsText('devices.extranet_ip', text),
        ...macForms.map((form) => containsText('devices.mac_address', form)),
      ]),
    )
    .orderBy('devices.online_status')
    .orderBy('devices.device_name')
    .orderBy('devices.id')
    .limit(limit)
    .execute();
}

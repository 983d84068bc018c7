/**
 * Values that identify one device and may not be registered twice (docs/decisions/devices.md,
 * "Duplicates"): the hostid within the company (it keys the monitoring data), the MAC address and the
 * intranet IP within the store (the box probes by address; two records at one address would report
 * one device twice). Pure over the values already taken, so the import checks every row, and the
 * rows against each other, without a query per row.
 */
import type { DeviceAddBody, Label } from '@storefleet/contracts';

import type { FieldMessage } from '../../http/errors';

/** Who holds a value: a registered device, or an earlier row of the same import. */
export type Holder = { deviceId: number; deviceName: string } | { row: number };

export interface TakenValues {
  /** hostid → holder, company-wide. */
  hostids: Map<string, Holder>;
  /** MAC key (macKey) → holder, in the store. */
  macs: Map<string, Holder>;
  /** IP key (ipKey) → holder, in the store. */
  ips: Map<string, Holder>;
}

/** `AA-BB-CC-DD-EE-FF`, `aa:bb:…` and `aabb.ccdd.eeff` are one address. */
export function macKey(mac: string): string {
  return mac.replace(/[^0-9a-f]/gi, '').toLowerCase();
}

/** IP addresses compare without case (IPv6 hex digits) or surrounding blanks. */
export function ipKey(ip: string): string {
  return ip.trim().toLowerCase();
}

/** Devices already registered, as TakenValues (hostids: the company's, addresses: the store's). */
export function takenValuesOf(
  hostidHolders: ReadonlyArray<{ id: number; hostid: string; device_name: string }>,
  storeDevices: ReadonlyArray<{
    id: number;
    device_name: string;
    mac_address: string | null;
    intranet_ip: string | null;
  }>,
): TakenValues {
  const taken: TakenValues = { hostids: new Map(), macs: new Map(), ips: new Map() };
  for (const d of hostidHolders) taken.hostids.set(d.hostid, { deviceId: d.id, deviceName: d.device_name });
  for (const d of storeDevices) {
    const holder = { deviceId: d.id, deviceName: d.device_name };
    if (d.mac_address) taken.macs.set(macKey(d.mac_address), holder);
    if (d.intranet_ip) taken.ips.set(ipKey(d.intranet_ip), holder);
  }
  return taken;
}

type Checked = Pick<DeviceAddBody, 'hostid' | 'macAddress' | 'intranetIp'>;

function usedBy(holder: Holder, where: Label): Label {
  if ('row' in holder) return { zh: `与第 ${holder.row} 行重复`, en: `repeats row ${holder.row}` };
  return {
    zh: `已被${where.zh}设备“${holder.deviceName}”使用`,
    en: `is already used by device "${holder.deviceName}"${where.en}`,
  };
}

const IN_COMPANY: Label = { zh: '本公司', en: ' in this company' };
const IN_STORE: Label = { zh: '本门店', en: ' in this store' };

/** The fields of `body` that another device (not `selfId`) or an earlier row already holds. */
export function duplicateProblems(body: Checked, taken: TakenValues, selfId?: number): FieldMessage[] {
  const problems: FieldMessage[] = [];
  const other = (holder: Holder | undefined): holder is Holder =>
    holder !== undefined && !('deviceId' in holder && holder.deviceId === selfId);
  const hostid = taken.hostids.get(body.hostid);
  if (other(hostid)) problems.push({ field: 'hostid', message: usedBy(hostid, IN_COMPANY) });
  const mac = body.macAddress ? taken.macs.get(macKey(body.macAddress)) : undefined;
  if (other(mac)) problems.push({ field: 'macAddress', message: usedBy(mac, IN_STORE) });
  const ip = body.intranetIp ? taken.ips.get(ipKey(body.intranetIp)) : undefined;
  if (other(ip)) problems.push({ field: 'intranetIp', message: usedBy(ip, IN_STORE) });
  return problems;
}

/** Records `body`'s values as held by `holder` (an accepted import row), so later rows see them. */
export function claimValues(taken: TakenValues, body: Checked, holder: Holder): void {
  taken.hostids.set(body.hostid, holder);
  if (body.macAddress) taken.macs.set(macKey(body.macAddress), holder);
  if (body.intranetIp) taken.ips.set(ipKey(body.intranetIp), holder);
}

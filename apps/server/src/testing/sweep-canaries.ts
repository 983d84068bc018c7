/**
 * The device-data canaries of the data-scope sweep (sweep-fixtures.ts): a box and an Android device
 * under it, with everything a device carries — name, IPs, MAC, hostid, security key, syslog lines,
 * metric values (running info and host info), online events and alert records. Every canary text is
 * distinctive (`CANARY-…`), so finding one in a reply is a leak, whatever the route.
 */
import type { Kysely } from 'kysely';

import type { DB } from '../db/database';
import { sealedCommunity } from '../modules/devices/device-keys';
import { boxKeyColumns } from '../secrets/secret-box';
import { TEST_SECRETS } from './test-app';

const CANARY = {
  metricText: (tag: string) => `CANARY-METRIC-${tag}`,
  syslog: (tag: string) => `CANARY-SYSLOG-${tag} link flap on port 7`,
  alert: (tag: string) => `CANARY-ALERT-${tag}`,
  disk: (tag: string) => `CANARY-DISK-${tag}`,
};

/** The ids of a store's canary box and device, and the texts no outsider may read. */
export interface CanaryDevices {
  boxId: number;
  deviceId: number;
  hostids: string[];
  items: string[];
  assetNo: string;
  /** The canary device's alert record (none without a rule). */
  alertRecordIds: number[];
  secrets: string[];
}

/** Inserts a canary box and an Android device under it in `storeId`; returns their ids and secrets. */
export async function seedCanaryDevices(
  db: Kysely<DB>,
  companyId: number,
  storeId: number,
  alertRuleId: number,
  tag: string,
  octet: number,
): Promise<CanaryDevices> {
  const now = Date.now();
  const base = {
    company_id: companyId,
    shop_id: storeId,
    device_brand: 'Canary',
    model: `CANARY-MODEL-${tag}`,
    created_at: now,
    updated_at: now,
  };
  const box = await db
    .insertInto('devices')
    .values({
      ...base,
      product_id: 1,
      connect_type: 1,
      device_system: 0,
      hostid: `canary-box-${tag.toLowerCase()}`,
      device_name: `CANARY-BOX-${tag}`,
      device_sn: `CANARY-SN-BOX-${tag}`,
      intranet_ip: `127.201.${octet}.1`,
      mac_address: `CA:FE:${octet}:00:00:01`,
      ...boxKeyColumns(TEST_SECRETS, `CANARY-KEY-${tag}-7f3a9c`),
      community: sealedCommunity(TEST_SECRETS, `CANARY-COMMUNITY-${tag}`),
      monitored: 1,
      // Offline and never seen: the server's offline sweep has nothing to change while the sweep runs.
      online_status: 0,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const device = await db
    .insertInto('devices')
    .values({
      ...base,
      product_id: 8,
      connect_type: 5,
      device_system: 2,
      parent_device_id: box.id,
      hostid: `canary-pda-${tag.toLowerCase()}`,
      device_name: `CANARY-PDA-${tag}`,
      device_sn: `CANARY-SN-PDA-${tag}`,
      intranet_ip: `127.201.${octet}.2`,
      extranet_ip: `127.202.${octet}.2`,
      mac_address: `CA:FE:${octet}:00:00:02`,
      asset_no: `CANARY-ASSET-${tag}`,
      custodian: `CANARY-CUSTODIAN-${tag}`,
      enable_remote: 1,
      monitored: 1,
      // Offline and never seen: the server's offline sweep has nothing to change while the sweep runs.
      online_status: 0,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const hostInfo = JSON.stringify({
    cpu: null,
    memory: [],
    disks: [
      {
        filesystem: CANARY.disk(tag),
        size: '100',
        used: '1',
        available: '99',
        usedPercent: '1%',
        mountedOn: `/canary-${tag.toLowerCase()}`,
      },
    ],
    battery: null,
  });
  const metrics = [
    { item: 'icmp.delay', value_num: octet + 0.6180339, value_text: null },
    { item: 'agent.version', value_num: null, value_text: CANARY.metricText(tag) },
    { item: 'host.info', value_num: null, value_text: hostInfo },
  ];
  for (const [seq, m] of metrics.entries()) {
    await db
      .insertInto('device_metrics')
      .values({ device_id: device.id, reporter_id: box.id, seq: seq + 1, clock: now - 1000, ...m })
      .execute();
    await db
      .insertInto('device_latest')
      .values({ device_id: device.id, clock: now - 1000, ...m })
      .execute();
  }
  await db
    .insertInto('device_metric_hourly')
    .values({
      device_id: device.id,
      item: 'icmp.delay',
      hour: Math.floor(now / 3_600_000) * 3_600_000,
      min_value: octet + 0.6180339,
      avg_value: octet + 0.6180339,
      max_value: octet + 0.6180339,
      samples: 1,
    })
    .execute();
  await db.insertInto('device_seq').values({ reporter_id: box.id, device_id: device.id, seq: 3 }).execute();
  await db
    .insertInto('device_online_events')
    .values({ device_id: device.id, status: 1, at: now - 5000, cause: `CANARY-CAUSE-${tag}` })
    .execute();
  await db
    .insertInto('device_syslogs')
    .values({
      device_id: device.id,
      reporter_id: box.id,
      seq: 4,
      host_ip: `127.201.${octet}.2`,
      log_level: 'err',
      log_priority: 3,
      log_datetime: now - 2000,
      log_message: CANARY.syslog(tag),
      log_content: `<11>${CANARY.syslog(tag)}`,
      log_uuid: `canary-uuid-${tag.toLowerCase()}`,
      format: 'rfc3164',
      app: `CANARY-APP-${tag}`,
      hostname: `CANARY-HOST-${tag}`,
    })
    .execute();
  const alertRecordIds: number[] = [];
  if (alertRuleId > 0) {
    const record = await db
      .insertInto('alert_records')
      .values({
        uuid: `canary-alert-${tag.toLowerCase()}`,
        company_id: companyId,
        rule_id: alertRuleId,
        device_id: device.id,
        shop_id: storeId,
        name: CANARY.alert(tag),
        severity: 1,
        item: 'icmp.delay',
        trigger_value: 5,
        value: octet + 0.6180339,
        alert_time: now - 3000,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    alertRecordIds.push(record.id);
  }
  return {
    boxId: box.id,
    deviceId: device.id,
    hostids: [`canary-box-${tag.toLowerCase()}`, `canary-pda-${tag.toLowerCase()}`],
    items: metrics.map((m) => m.item),
    assetNo: `CANARY-ASSET-${tag}`,
    alertRecordIds,
    secrets: [
      `CANARY-BOX-${tag}`,
      `CANARY-PDA-${tag}`,
      `CANARY-SN-BOX-${tag}`,
      `CANARY-MODEL-${tag}`,
      `canary-box-${tag.toLowerCase()}`,
      `canary-pda-${tag.toLowerCase()}`,
      `127.201.${octet}.1`,
      `127.201.${octet}.2`,
      `127.202.${octet}.2`,
      `CA:FE:${octet}:00:00:01`,
      `CA:FE:${octet}:00:00:02`,
      `CANARY-KEY-${tag}-7f3a9c`,
      `CANARY-COMMUNITY-${tag}`,
      `CANARY-ASSET-${tag}`,
      `CANARY-CUSTODIAN-${tag}`,
      CANARY.metricText(tag),
      CANARY.disk(tag),
      `CANARY-CAUSE-${tag}`,
      `CANARY-SYSLOG-${tag}`,
      `CANARY-APP-${tag}`,
      `CANARY-HOST-${tag}`,
      `canary-uuid-${tag.toLowerCase()}`,
      CANARY.alert(tag),
      // The metric value as a reply would print it (the running item's value, a chart point).
      String(octet + 0.6180339).slice(0, 8),
    ],
  };
}

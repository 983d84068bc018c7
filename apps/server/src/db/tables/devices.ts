/** Row type of the device registry: boxes (product 1, no parent) and the sub-devices they probe. */
import type { Generated } from 'kysely';

/** Epoch milliseconds (bigint on PostgreSQL, parsed to number). */
type Instant = number;

export interface DevicesTable {
  /** The spec's deviceId. */
  id: Generated<number>;
  company_id: number;
  /** stores.id of the device's store. */
  shop_id: number;
  /** The box's device id; null for boxes. */
  parent_device_id: number | null;
  /** Product type 1–13; 1 = AI box / gateway. */
  product_id: number;
  hostid: string;
  device_name: string;
  device_sn: string | null;
  device_brand: string | null;
  model: string | null;
  /** 0 Linux, 1 Windows, 2 Android, 3 other. */
  device_system: number | null;
  /** 1 Agent, 2 SNMP, 3 Syslog, 4 Ping, 5 EAgent. */
  connect_type: number;
  intranet_ip: string | null;
  extranet_ip: string | null;
  mac_address: string | null;
  community: string | null;
  port: Generated<number>;
  /** 'udp4' | 'udp6'. */
  udp_type: string | null;
  /** The spec's `describe`. */
  description: string | null;
  asset_no: string | null;
  vin_no: string | null;
  /** Code of a CATEGORY_TYPE dictionary item. */
  device_category: string | null;
  /** Code of a SUBCLASS_TYPE dictionary item. */
  device_class: string | null;
  property_type: string | null;
  service_life: number | null;
  custodian: string | null;
  specifications: string | null;
  /** YYYY-MM-DD. */
  obtain_time: string | null;
  /** Reading A: 0 unregistered, 1 enabled, 2 disabled. */
  state: Generated<number>;
  monitored: Generated<number>;
  is_preinstallation: Generated<number>;
  enable_remote: Generated<number>;
  /** 0 networked (default), 1 not networked. */
  is_network_device: Generated<number>;
  /** Boxes and device-mode reporters; unique where set. */
  security_key: string | null;
  register_time: Instant | null;
  /** Ingest-owned from here to last_seen_at: 0 offline, 1 online (last known). */
  online_status: Generated<number>;
  device_online_time: Instant | null;
  first_online_time: Instant | null;
  latest_offline_time: Instant | null;
  last_seen_at: Instant | null;
  /** Hub-owned: the epoch of the seq counters the reporter last said hello with (agent protocol). */
  agent_epoch: string | null;
  created_by: string | null;
  created_at: Instant;
  updated_by: string | null;
  updated_at: Instant;
}

export interface DeviceTables {
  devices: DevicesTable;
}

/** Row type of the asset register (issue 12, docs/decisions/inventory.md): inventory records. */
import type { Generated } from 'kysely';

/** Epoch milliseconds (bigint on PostgreSQL, parsed to number). */
type Instant = number;

/** One asset of a store; owned by modules/inventory/inventory.repository.ts. */
export interface InventoryRecordsTable {
  id: Generated<number>;
  company_id: number;
  /** stores.id of the asset's store. */
  shop_id: number;
  /** Unique within the company. */
  asset_no: string;
  device_name: string;
  device_brand: string | null;
  device_sn: string | null;
  /** 0 Linux, 1 Windows, 2 Android, 3 other. */
  device_system: number | null;
  /** 1 Agent … 5 EAgent. */
  connect_type: number | null;
  intranet_ip: string | null;
  /** As written in the register. */
  mac_address: string | null;
  /** The MAC as 12 lower-case hex digits (contracts macKey), the match key; null when none. */
  mac_key: string | null;
  model: string | null;
  specifications: string | null;
  /** CATEGORY_TYPE code. */
  device_category: string | null;
  /** SUBCLASS_TYPE code. */
  device_class: string | null;
  /** PROPERTY_TYPE code. */
  property_type: string | null;
  service_life: number | null;
  custodian: string | null;
  /** YYYY-MM-DD. */
  obtain_time: string | null;
  vin_no: string | null;
  /** The register's serial number (spec `inumber`). */
  inumber: string | null;
  /** Property status 1 normal, 2 idle, 3 faulty, 4 scrapped (INVENTORY_STATUS). */
  status: Generated<number>;
  /** JSON list of stored image names. */
  images: Generated<string>;
  remark: string | null;
  /** The spec's `index` (custom serial number). */
  index_no: string | null;
  /** 0 networked, 1 not networked. */
  is_network_device: Generated<number>;
  /** devices.id of the bound device; unique where set; cleared when the device is deleted. */
  bound_device_id: number | null;
  bound_at: Instant | null;
  bound_by: string | null;
  created_by: string | null;
  created_at: Instant;
  updated_by: string | null;
  updated_at: Instant;
}

export interface InventoryTables {
  inventory_records: InventoryRecordsTable;
}

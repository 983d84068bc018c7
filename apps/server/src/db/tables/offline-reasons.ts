/** Row types of offline reasons (issue 13, docs/decisions/forecast.md); owned by modules/offline-reasons/offline-reasons.repository.ts. */
import type { Generated } from 'kysely';

/** A company's own offline reason type; its code is `c<id>` (the built-in ones live in the contracts). */
export interface OfflineReasonTypesTable {
  id: Generated<number>;
  company_id: number;
  name: string;
  name_en: string;
  /** 1 offered in the form, 0 disabled. */
  status: Generated<number>;
  created_at: number;
  updated_at: number;
  update_by: string | null;
}

/** Why a device went offline and what was done, as a person entered it. */
export interface DeviceOfflineReasonsTable {
  id: Generated<number>;
  company_id: number;
  /** The device's store when the record was saved. */
  shop_id: number;
  device_id: number;
  /** The drop time (spec's createTime), epoch ms. */
  drop_at: number;
  reason_type_code: string;
  reason: string;
  treatment_method: string;
  /** Who handled it (spec's createBy). */
  handler: string;
  created_at: number;
  updated_at: number;
  /** The console users who entered and last changed it. */
  create_by: string | null;
  update_by: string | null;
}

export interface OfflineReasonTables {
  offline_reason_types: OfflineReasonTypesTable;
  device_offline_reasons: DeviceOfflineReasonsTable;
}

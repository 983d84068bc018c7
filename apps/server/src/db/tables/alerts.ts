/** Row types of alerting: a company's alert rules and the alert records they raise. */
import type { Generated } from 'kysely';

/** One alert rule of a company (spec §3 "Alert rule"). */
export interface AlertRulesTable {
  id: Generated<number>;
  company_id: number;
  alert_name: string;
  /** ALERTPRIORITY code 1 information … 5 disaster. */
  alert_level: number;
  /** 1 warehouse network, 2 warehouse device (the trigger type's own alert type). */
  alert_type: number;
  /** Devices of this connect type (1–5) … */
  connect_type: number;
  /** … and this product type … */
  product_type: number;
  /** … watched through this TRIGGER_TYPES number (its metric item). */
  trigger_type: number;
  /** 'EQ' | 'LT' | 'GT'. */
  trigger_operator: string;
  trigger_value: number;
  /** CATEGORY_TYPE code the devices must have. */
  device_category: string;
  /** SUBCLASS_TYPE code; null: every class of the category. */
  device_class: string | null;
  /** 1 enabled, 0 disabled. */
  status: Generated<number>;
  created_at: number;
  updated_at: number;
  create_by: string | null;
  update_by: string | null;
}

/** One time a rule fired for a device, open (status 0) until its condition no longer holds. */
export interface AlertRecordsTable {
  id: Generated<number>;
  uuid: string;
  company_id: number;
  /** The rule that fired (may since be deleted). */
  rule_id: number;
  device_id: number;
  shop_id: number;
  /** The rule's name when it fired. */
  name: string;
  /** The rule's level when it fired. */
  severity: number;
  /** The metric item key the rule watched. */
  item: string;
  /** The rule's threshold when it fired. */
  trigger_value: number;
  /** The value that fired it. */
  value: number;
  /** Epoch ms of the value that fired it. */
  alert_time: number;
  /** Epoch ms of the value (or the rule change) that ended it; null while open. */
  recovery_time: number | null;
  /** 0 unresolved, 1 recovered. */
  status: Generated<number>;
}

export interface AlertTables {
  alert_rules: AlertRulesTable;
  alert_records: AlertRecordsTable;
}

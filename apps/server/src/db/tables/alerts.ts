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
  /** Devices of this connect type (1–5); null: any connect type … */
  connect_type: number | null;
  /** … of these product types (JSON number[]; `[]`: every product type) … */
  product_types: Generated<string>;
  /** … in these stores (JSON number[] of stores.id) or regions (JSON number[] of level_configs.id, any level); both `[]`: the whole company … */
  shop_ids: Generated<string>;
  area_ids: Generated<string>;
  /** … watched through this TRIGGER_TYPES number (its metric item). */
  trigger_type: number;
  /** 'EQ' | 'LT' | 'GT'. */
  trigger_operator: string;
  trigger_value: number;
  /** Seconds the condition must hold before a record opens (0: at once). */
  hold_seconds: Generated<number>;
  /** The threshold an open record recovers past (hysteresis); null: the trigger value. */
  recovery_value: number | null;
  /** CATEGORY_TYPE code the devices must have; null: any category. */
  device_category: string | null;
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
  /** Notifications (outbox): when the opening was handled (deliveries queued or muted); null = not yet. */
  open_notified_at: number | null;
  /** When the recovery was handled; null = not yet (or still open). */
  recovery_notified_at: number | null;
  /** When the last open or repeat notice was queued (the repeat interval counts from it). */
  last_notified_at: number | null;
  /** Repeat notices queued so far. */
  notified_repeats: Generated<number>;
  /** Alert overview (migration 20261124_0400): who acknowledged the record, when, and their note. */
  acknowledged_by: string | null;
  acknowledged_at: number | null;
  ack_note: string | null;
  /** Who ended the record by hand and when (status 1, recovery_time = closed_at); null: not closed. */
  closed_by: string | null;
  closed_at: number | null;
  /** Migration 20261124_0100: the box's offline record this (device offline) record is held under while the box is down (not notified); null: on its own. */
  suppressed_by: number | null;
}

/** A rule's condition holding for a device and waiting for the rule's hold time (one per rule and device). */
export interface AlertHoldsTable {
  id: Generated<number>;
  company_id: number;
  rule_id: number;
  device_id: number;
  item: string;
  /** The value that started the hold (the record's value when it opens). */
  value: number;
  /** Epoch ms the condition began to hold. */
  since: number;
  /** Epoch ms the hold passes (since + hold): a record opens then unless a value ends the hold first. */
  due: number;
}

export interface AlertTables {
  alert_rules: AlertRulesTable;
  alert_records: AlertRecordsTable;
  alert_holds: AlertHoldsTable;
}

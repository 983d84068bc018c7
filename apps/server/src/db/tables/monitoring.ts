/**
 * Row types of the monitoring pipeline (owned by ingest): raw history, hourly roll-ups, online
 * transitions, device syslog, the per-reporter seq high-water marks and the last value of each item.
 */
import type { Generated } from 'kysely';

/**
 * One measured item of one device at one instant (raw history, kept for the retention period). On
 * PostgreSQL partitioned by day on `clock`, primary key (clock, id); `id` is a bigint there.
 */
export interface DeviceMetricsTable {
  id: Generated<number>;
  device_id: number;
  /** The device whose link delivered the value (box, or the device itself in device mode). */
  reporter_id: number;
  /** The value's seq on the link: (reporter_id, device_id, seq) names one agent value. */
  seq: number;
  /** Item key, e.g. `cpu.load`, `icmp.delay` (see engine/ingest/metric-items.ts). */
  item: string;
  /** Epoch ms when the value was measured. */
  clock: number;
  value_num: number | null;
  /** Text items (sysName, sysDescr) are device data: stored and shown as text only. */
  value_text: string | null;
}

/** Min / avg / max of one numeric item per device per hour (kept a year). */
export interface DeviceMetricHourlyTable {
  device_id: number;
  item: string;
  /** Start of the hour, epoch ms. */
  hour: number;
  min_value: number;
  avg_value: number;
  max_value: number;
  samples: number;
}

/** A change of a device's online status (not one row per poll). */
export interface DeviceOnlineEventsTable {
  id: Generated<number>;
  device_id: number;
  /** 1 came online, 0 went offline. */
  status: number;
  at: number;
  /** What decided it: 'value' (a probe result), 'sweep' (no data within the threshold). */
  cause: string;
}

/**
 * One syslog message a box received from a device of its store; every text field as the sender wrote it.
 * On PostgreSQL partitioned by day on `log_datetime`, primary key (log_datetime, id).
 */
export interface DeviceSyslogsTable {
  id: Generated<number>;
  device_id: number;
  reporter_id: number;
  seq: number;
  host_ip: string;
  /** Severity keyword (emerg … debug); null when the frame had no PRI. */
  log_level: string | null;
  /** PRI = facility × 8 + severity; null when the frame had no PRI. */
  log_priority: number | null;
  /** When the box received it, epoch ms. */
  log_datetime: number;
  /** The MSG part. */
  log_message: string;
  /** The whole frame. */
  log_content: string;
  log_uuid: string;
  format: string;
  app: string | null;
  hostname: string | null;
}

/** Highest committed seq per (reporter, device): the dedupe mark, written in the values' transaction. */
export interface DeviceSeqTable {
  reporter_id: number;
  device_id: number;
  seq: number;
}

/** Last value of each item of each device (what running info shows). */
export interface DeviceLatestTable {
  device_id: number;
  item: string;
  clock: number;
  value_num: number | null;
  value_text: string | null;
}

/**
 * PostgreSQL only (raw history and syslog in day partitions): per company and table, the day before
 * which retention has deleted the company's rows (engine/jobs/history-retention.repository.ts).
 */
export interface HistoryRetentionMarksTable {
  company_id: number;
  /** `device_metrics` or `device_syslogs`. */
  table_name: string;
  /** Start of a UTC day, epoch ms. */
  done_before: number;
}

export interface MonitoringTables {
  device_metrics: DeviceMetricsTable;
  device_metric_hourly: DeviceMetricHourlyTable;
  device_online_events: DeviceOnlineEventsTable;
  device_syslogs: DeviceSyslogsTable;
  device_seq: DeviceSeqTable;
  device_latest: DeviceLatestTable;
  history_retention_marks: HistoryRetentionMarksTable;
}

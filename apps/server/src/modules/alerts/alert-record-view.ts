/** An alert record row as the overview shows it (spec §3 "Alert record" plus acknowledgement and closing). */
import type { AlertRecord, Lang } from '@storefleet/contracts';

import { formatDateTime } from '../../http/time';
import type { AlertRecordRow } from './alert-records.repository';
import type { LevelNames } from './alert-rule-view';

/** The reply of one record; level names from ALERTPRIORITY in `lang`. */
export function toAlertRecord(row: AlertRecordRow, levels: LevelNames, lang: Lang): AlertRecord {
  const severity = Number(row.severity);
  return {
    id: Number(row.id),
    uuid: row.uuid,
    alertTime: formatDateTime(Number(row.alert_time)),
    recoveryTime: formatDateTime(row.recovery_time === null ? null : Number(row.recovery_time)),
    status: Number(row.status),
    name: row.name,
    ruleId: Number(row.rule_id),
    severity,
    severityName: levels.get(severity)?.[lang] ?? String(severity),
    value: Number(row.value),
    triggerValue: Number(row.trigger_value),
    deviceId: Number(row.device_id),
    deviceName: row.device_name,
    assetNo: row.asset_no,
    model: row.model,
    deviceCategory: row.device_category,
    deviceClass: row.device_class,
    categoryName: row.category_name,
    categoryNameEn: row.category_name_en,
    className: row.class_name,
    classNameEn: row.class_name_en,
    shopId: Number(row.shop_id),
    shopName: row.store_name,
    acknowledgedBy: row.acknowledged_by,
    acknowledgedAt: formatDateTime(row.acknowledged_at === null ? null : Number(row.acknowledged_at)),
    ackNote: row.ack_note,
    closedBy: row.closed_by,
    closedAt: formatDateTime(row.closed_at === null ? null : Number(row.closed_at)),
    suppressedBy: row.suppressed_by === null ? null : Number(row.suppressed_by),
  };
}

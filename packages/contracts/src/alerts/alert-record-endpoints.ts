/**
 * The alert overview's calls and the dynamic monitor log (issue 11 "Pages"): calls the spec does not
 * show, in its style under /api/device-service/aibox/alert. The overview and its actions need the
 * alerts module + the overview page (`alert-store-list-view`), acknowledging also `alert:ack` and closing
 * `alert:close`; the monitor log the module + its page (`alert-dynamic-list-view`).
 */

import { endpoint, FILE_RESPONSE } from '../endpoint';
import { pagedResultSchema } from '../paging';
import { BUTTON, MODULE, PAGE } from '../permissions';
import { ALERT_API } from './alert-endpoints';
import {
  AlertAckBody,
  AlertRecord,
  AlertRecordCounts,
  AlertRecordFilter,
  AlertRecordIdParams,
  AlertRecordListQuery,
  MonitorLogEntry,
  MonitorLogQuery,
  OpenAlertCount,
} from './alert-record';

const OVERVIEW = [MODULE.alert, PAGE.alertStore] as const;
const MONITOR_LOG = [MODULE.alert, PAGE.alertDynamic] as const;
const ACKNOWLEDGE = [...OVERVIEW, BUTTON.alertAck] as const;
const CLOSE = [...OVERVIEW, BUTTON.alertClose] as const;

export const AlertRecordEndpoints = {
  listAlertRecords: endpoint({
    method: 'GET',
    path: `${ALERT_API}/listAlertRecords`,
    summary: 'List alert records (open first, then history)',
    summaryZh: '告警记录列表',
    module: 'alert',
    permissions: OVERVIEW,
    query: AlertRecordListQuery,
    response: pagedResultSchema(AlertRecord),
  }),
  getAlertRecordCounts: endpoint({
    method: 'GET',
    path: `${ALERT_API}/getAlertRecordCounts`,
    summary: 'Alert record counts by level and status',
    summaryZh: '告警记录统计',
    module: 'alert',
    permissions: OVERVIEW,
    query: AlertRecordFilter,
    response: AlertRecordCounts,
  }),
  exportAlertRecords: endpoint({
    method: 'GET',
    path: `${ALERT_API}/exportAlertRecords`,
    summary: 'Export the filtered alert records (.xlsx)',
    summaryZh: '导出告警记录',
    module: 'alert',
    permissions: OVERVIEW,
    query: AlertRecordFilter,
    response: FILE_RESPONSE,
  }),
  getOpenAlertCount: endpoint({
    method: 'GET',
    path: `${ALERT_API}/getOpenAlertCount`,
    summary: 'Open alert records in scope (header badge)',
    summaryZh: '未恢复告警数',
    module: 'alert',
    permissions: OVERVIEW,
    response: OpenAlertCount,
  }),
  acknowledgeAlertRecord: endpoint({
    method: 'POST',
    path: `${ALERT_API}/acknowledge/:id`,
    summary: 'Acknowledge an alert record',
    summaryZh: '确认告警',
    module: 'alert',
    permissions: ACKNOWLEDGE,
    params: AlertRecordIdParams,
    body: AlertAckBody,
    response: AlertRecord,
  }),
  closeAlertRecord: endpoint({
    method: 'POST',
    path: `${ALERT_API}/close/:id`,
    summary: 'Close an alert record by hand',
    summaryZh: '关闭告警',
    module: 'alert',
    permissions: CLOSE,
    params: AlertRecordIdParams,
    response: AlertRecord,
  }),
  listMonitorLog: endpoint({
    method: 'GET',
    path: `${ALERT_API}/listMonitorLog`,
    summary: 'Dynamic monitor log: online/offline changes and alert openings/endings',
    summaryZh: '动态监控日志',
    module: 'alert',
    permissions: MONITOR_LOG,
    query: MonitorLogQuery,
    response: pagedResultSchema(MonitorLogEntry),
  }),
};

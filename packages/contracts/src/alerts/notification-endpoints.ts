/**
 * Notification calls: a company's channel settings and the test message (settings module, monitoring
 * settings page; writes also its save button), and the delivery log of an alert record (alert overview).
 */
import { z } from 'zod';

import { endpoint } from '../endpoint';
import { BUTTON, MODULE, PAGE } from '../permissions';
import { ALERT_API } from './alert-endpoints';
import {
  AlertDelivery,
  ListDeliveriesQuery,
  NotificationSettings,
  TestNotificationBody,
  TestNotificationResult,
} from './notification-settings';

const SETTINGS = [MODULE.settings, PAGE.monitorSetting] as const;

export const NotificationEndpoints = {
  getNotificationSettings: endpoint({
    method: 'GET',
    path: `${ALERT_API}/notificationSettings`,
    summary: 'Notification channel settings',
    summaryZh: '通知渠道设置',
    module: 'alert',
    permissions: SETTINGS,
    response: NotificationSettings,
  }),
  saveNotificationSettings: endpoint({
    method: 'PUT',
    path: `${ALERT_API}/notificationSettings`,
    summary: 'Save notification channel settings',
    summaryZh: '保存通知渠道设置',
    module: 'alert',
    permissions: [...SETTINGS, BUTTON.configUpdate],
    body: NotificationSettings,
    response: NotificationSettings,
  }),
  testNotification: endpoint({
    method: 'POST',
    path: `${ALERT_API}/testNotification`,
    summary: 'Send a test notification',
    summaryZh: '发送测试通知',
    module: 'alert',
    permissions: [...SETTINGS, BUTTON.configUpdate],
    body: TestNotificationBody,
    response: TestNotificationResult,
  }),
  listDeliveries: endpoint({
    method: 'GET',
    path: `${ALERT_API}/listDeliveries`,
    summary: 'Deliveries of an alert record',
    summaryZh: '告警通知记录',
    module: 'alert',
    permissions: [MODULE.alert, PAGE.alertStore],
    query: ListDeliveriesQuery,
    response: z.array(AlertDelivery),
  }),
};

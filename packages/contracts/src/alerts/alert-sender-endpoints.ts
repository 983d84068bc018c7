/**
 * Alert recipient calls under /api/user-service/alertSend (spec §7 "User service"): the settings
 * module's alert recipients page; writes also need its button `alert-sender:edit`. `listAccounts` is
 * ours (not in the spec): the form's user picker, readable with the page's codes alone.
 */
import { z } from 'zod';

import { endpoint } from '../endpoint';
import { pagedResultSchema } from '../paging';
import { BUTTON, MODULE, PAGE } from '../permissions';
import {
  AlertSender,
  AlertSenderAccount,
  AlertSenderBody,
  AlertSenderUpdateBody,
  DeleteSenderQuery,
  QuerySenderQuery,
} from './alert-senders';

export const ALERT_SEND_API = '/api/user-service/alertSend';
const RECIPIENTS = [MODULE.settings, PAGE.alertSetting] as const;
const EDIT = [...RECIPIENTS, BUTTON.alertSenderEdit] as const;

export const AlertSenderEndpoints = {
  querySender: endpoint({
    method: 'GET',
    path: `${ALERT_SEND_API}/querySender`,
    summary: 'List alert recipients',
    summaryZh: '告警接收人列表',
    module: 'alert',
    permissions: RECIPIENTS,
    query: QuerySenderQuery,
    response: pagedResultSchema(AlertSender),
  }),
  listSenderAccounts: endpoint({
    method: 'GET',
    path: `${ALERT_SEND_API}/listAccounts`,
    summary: 'Users who may be alert recipients',
    summaryZh: '可作为告警接收人的用户',
    module: 'alert',
    permissions: RECIPIENTS,
    response: z.array(AlertSenderAccount),
  }),
  addSender: endpoint({
    method: 'POST',
    path: `${ALERT_SEND_API}/addSender`,
    summary: 'Add alert recipient',
    summaryZh: '新增告警接收人',
    module: 'alert',
    permissions: EDIT,
    body: AlertSenderBody,
    response: AlertSender,
  }),
  updateSender: endpoint({
    method: 'POST',
    path: `${ALERT_SEND_API}/updateSender`,
    summary: 'Update alert recipient',
    summaryZh: '修改告警接收人',
    module: 'alert',
    permissions: EDIT,
    body: AlertSenderUpdateBody,
    response: AlertSender,
  }),
  deleteSender: endpoint({
    method: 'DELETE',
    path: `${ALERT_SEND_API}/deleteSender`,
    summary: 'Delete alert recipient',
    summaryZh: '删除告警接收人',
    module: 'alert',
    permissions: EDIT,
    query: DeleteSenderQuery,
    response: z.null(),
  }),
};

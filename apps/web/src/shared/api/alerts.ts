/**
 * Alert calls (spec §7, prefix /api/device-service/aibox/alert): the company's alert rules, the
 * trigger items offered per alert type, and a device's alert rules and alert events. Shapes come from
 * packages/contracts/src/alerts.
 */
import type {
  AlertItem,
  AlertRule,
  AlertRuleBody,
  AlertRuleUpdateBody,
  AlertTypeItem,
  DeviceAlertEvent,
  DeviceAlertRule,
  PagedResult,
} from '@storefleet/contracts';

import { http, type Params } from '../request/client';

const ALERT = '/api/device-service/aibox/alert';

/** The alert types (1 warehouse network, 2 warehouse device). */
export function getAlertTypes(signal?: AbortSignal): Promise<AlertTypeItem[]> {
  return http.get<AlertTypeItem[]>(`${ALERT}/getAlertType`, { signal });
}

/** The trigger items of one alert type, optionally narrowed to a product type. */
export function getAlertItems(
  alertTypeCode: number,
  productId: number | undefined,
  signal?: AbortSignal,
): Promise<AlertItem[]> {
  return http.get<AlertItem[]>(`${ALERT}/getAlertItems`, { query: { alertTypeCode, productId }, signal });
}

/** One page of alert rules; `query` holds the filters and paging (and `id` to fetch one rule). */
export function listAlertRules(query: Params, signal?: AbortSignal): Promise<PagedResult<AlertRule>> {
  return http.get<PagedResult<AlertRule>>(`${ALERT}/listAlertRules`, { query, signal });
}

export function addAlertRule(body: AlertRuleBody): Promise<unknown> {
  return http.post<unknown>(`${ALERT}/addAlertRule`, { json: body });
}

export function updateAlertRule(body: AlertRuleUpdateBody): Promise<unknown> {
  return http.post<unknown>(`${ALERT}/updateAlertRule`, { json: body });
}

/** Enables (1) or disables (0) a rule. */
export function setAlertRuleStatus(id: number, status: 0 | 1): Promise<unknown> {
  return http.get<unknown>(`${ALERT}/update/${id}/status`, { query: { status } });
}

export function deleteAlertRule(id: number): Promise<unknown> {
  return http.get<unknown>(`${ALERT}/delete/${id}/alert`);
}

/** The enabled rules that apply to a device (`hostid` is the device id). */
export function listDeviceAlertRules(deviceId: number, signal?: AbortSignal): Promise<DeviceAlertRule[]> {
  return http.get<DeviceAlertRule[]>(`${ALERT}/listAlertsRule`, { query: { hostid: deviceId }, signal });
}

/** One page of a device's alert events, newest first. */
export function listDeviceAlertEvents(
  deviceId: number,
  page: { pageNum: number; pageSize: number },
  signal?: AbortSignal,
): Promise<PagedResult<DeviceAlertEvent>> {
  return http.get<PagedResult<DeviceAlertEvent>>(`${ALERT}/listAlertsHistory`, {
    query: { deviceId, ...page },
    signal,
  });
}

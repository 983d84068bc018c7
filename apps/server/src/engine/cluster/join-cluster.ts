/**
 * Ties this node's in-process buses to the cluster bus (cluster-bus.ts): what the node publishes is
 * relayed to the other nodes, and what they publish is delivered to this node's subscribers (the
 * live-updates streams, the notifier's wake-up) or forgets this node's cached rules.
 */
import type { AlertRecordEvent } from '../alerting/alert-bus';
import type { AlertRulesCache } from '../alerting/rules-cache';
import type { DeviceStatusBus, DeviceStatusChange } from '../ingest/status-bus';
import type { ClusterBus } from './cluster-bus';

/** Items of an array payload that carry the numeric fields `keys` (anything else is dropped). */
function itemsWith<T>(payload: unknown, keys: readonly string[]): T[] {
  if (!Array.isArray(payload)) return [];
  return payload.filter(
    (item): item is T =>
      typeof item === 'object' &&
      item !== null &&
      keys.every((key) => typeof (item as Record<string, unknown>)[key] === 'number'),
  );
}

export function joinCluster(
  bus: ClusterBus,
  parts: { statusBus: DeviceStatusBus; rulesCache: AlertRulesCache },
): void {
  const { statusBus, rulesCache } = parts;
  statusBus.relay = (changes) => bus.publish('status', changes);
  statusBus.alerts.relay = (events) => bus.publish('alerts', events);
  rulesCache.relay = (companyId) => bus.publish('rules', companyId);

  bus.on('status', (payload) => {
    const changes = itemsWith<DeviceStatusChange>(payload, [
      'deviceId',
      'shopId',
      'companyId',
      'onlineStatus',
      'at',
    ]);
    if (changes.length > 0) statusBus.deliver(changes);
  });
  bus.on('alerts', (payload) => {
    const events = itemsWith<AlertRecordEvent>(payload, [
      'recordId',
      'deviceId',
      'shopId',
      'companyId',
      'at',
    ]);
    if (events.length > 0) statusBus.alerts.deliver(events);
  });
  bus.on('rules', (payload) => {
    if (typeof payload === 'number' && Number.isInteger(payload)) rulesCache.forget(payload);
  });
  bus.onResync(() => rulesCache.clear());
}

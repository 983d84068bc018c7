/**
 * Alert record changes, published after the transaction that made them commits: records opened and
 * recovered by ingest or the offline sweep (from the AfterCommit result), acknowledged or closed by an
 * operator (alert-records.service). The live-updates stream carries them as `alert` events; one bus
 * per app, reached as `ctx.engine.statusBus.alerts` (it travels with the status bus, which every monitoring
 * transaction already publishes to).
 */
import { EventEmitter } from 'node:events';

import type { OpenedAlert, RecoveredAlert } from './alerting';

export type AlertChange = 'opened' | 'recovered' | 'closed' | 'acknowledged';

export interface AlertRecordEvent {
  change: AlertChange;
  recordId: number;
  deviceId: number;
  shopId: number;
  companyId: number;
  /** Epoch ms of the change. */
  at: number;
}

/** The events of a committed monitoring result: its openings, then its recoveries. */
export function alertEventsOf(
  opened: readonly OpenedAlert[],
  recovered: readonly RecoveredAlert[],
): AlertRecordEvent[] {
  const event = (change: AlertChange, a: OpenedAlert | RecoveredAlert): AlertRecordEvent => ({
    change,
    recordId: a.recordId,
    deviceId: a.deviceId,
    shopId: a.shopId,
    companyId: a.companyId,
    at: a.at,
  });
  return [...opened.map((a) => event('opened', a)), ...recovered.map((a) => event('recovered', a))];
}

export class AlertEventBus {
  private readonly emitter = new EventEmitter();

  constructor() {
    // One listener per open live-updates stream.
    this.emitter.setMaxListeners(0);
  }

  /** Other server nodes (engine/cluster/cluster-bus.ts), when the nodes share a bus. */
  relay: ((events: readonly AlertRecordEvent[]) => void) | null = null;

  /** Tells this node's subscribers and, through the relay, the other nodes'. */
  publish(events: readonly AlertRecordEvent[]): void {
    if (events.length === 0) return;
    this.deliver(events);
    this.relay?.(events);
  }

  /** Tells this node's subscribers only (events another node published). */
  deliver(events: readonly AlertRecordEvent[]): void {
    for (const event of events) this.emitter.emit('alert', event);
  }

  /** Calls `listener` for every event; returns the unsubscribe function. */
  subscribe(listener: (event: AlertRecordEvent) => void): () => void {
    this.emitter.on('alert', listener);
    return () => this.emitter.off('alert', listener);
  }
}

/**
 * Device status changes, published after the transaction that made them commits. The live-updates
 * stream (SSE) and anything else in this process subscribe; one bus per app (`ctx.engine.statusBus`).
 */
import { EventEmitter } from 'node:events';

import type { EnumValue, OnlineStatus } from '@storefleet/contracts';

import { AlertEventBus } from '../alerting/alert-bus';
import { LateTransitionsBus } from './late-transitions';

export interface DeviceStatusChange {
  deviceId: number;
  shopId: number;
  companyId: number;
  onlineStatus: EnumValue<typeof OnlineStatus>;
  /** Epoch ms of the transition. */
  at: number;
}

/** The change of `device` to `onlineStatus` at `at` (ingest and the offline sweep both build it here). */
export function statusChange(
  device: { id: number; shop_id: number; company_id: number },
  onlineStatus: EnumValue<typeof OnlineStatus>,
  at: number,
): DeviceStatusChange {
  return { deviceId: device.id, shopId: device.shop_id, companyId: device.company_id, onlineStatus, at };
}

export class DeviceStatusBus {
  private readonly emitter = new EventEmitter();
  /** Alert record changes (opened, recovered, acknowledged, closed), published after commit too. */
  readonly alerts = new AlertEventBus();
  /** Ingest's late transitions, handed out after commit and waited for (late-transitions.ts). */
  readonly late = new LateTransitionsBus();

  constructor() {
    // One listener per open live-updates stream.
    this.emitter.setMaxListeners(0);
  }

  /**
   * Other server nodes (engine/cluster/cluster-bus.ts): set when the nodes share a bus, so what this
   * node publishes reaches their subscribers too.
   */
  relay: ((changes: readonly DeviceStatusChange[]) => void) | null = null;

  /** Tells this node's subscribers and, through the relay, the other nodes'. */
  publish(changes: readonly DeviceStatusChange[]): void {
    if (changes.length === 0) return;
    this.deliver(changes);
    this.relay?.(changes);
  }

  /** Tells this node's subscribers only (changes another node published). */
  deliver(changes: readonly DeviceStatusChange[]): void {
    for (const change of changes) this.emitter.emit('change', change);
  }

  /** Calls `listener` for every change; returns the unsubscribe function. */
  subscribe(listener: (change: DeviceStatusChange) => void): () => void {
    this.emitter.on('change', listener);
    return () => this.emitter.off('change', listener);
  }
}

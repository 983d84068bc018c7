/**
 * Device status changes, published after the transaction that made them commits. The live-updates
 * stream (SSE) and anything else in this process subscribe; one bus per app.
 */
import { EventEmitter } from 'node:events';

import type { AppContext } from '../../context';

export interface DeviceStatusChange {
  deviceId: number;
  shopId: number;
  companyId: number;
  onlineStatus: 0 | 1;
  /** Epoch ms of the transition. */
  at: number;
}

export class DeviceStatusBus {
  private readonly emitter = new EventEmitter();

  constructor() {
    // One listener per open live-updates stream.
    this.emitter.setMaxListeners(0);
  }

  publish(changes: readonly DeviceStatusChange[]): void {
    for (const change of changes) this.emitter.emit('change', change);
  }

  /** Calls `listener` for every change; returns the unsubscribe function. */
  subscribe(listener: (change: DeviceStatusChange) => void): () => void {
    this.emitter.on('change', listener);
    return () => this.emitter.off('change', listener);
  }
}

const buses = new WeakMap<AppContext, DeviceStatusBus>();

/** The status bus of an app (created on first use). */
export function statusBusOf(ctx: AppContext): DeviceStatusBus {
  let bus = buses.get(ctx);
  if (!bus) {
    bus = new DeviceStatusBus();
    buses.set(ctx, bus);
  }
  return bus;
}

/**
 * Where the rest of the server finds the app's box hub: `installBoxHub` (from the monitoring module's
 * registration) creates it; the device registry calls `notifyDevicesChanged(ctx, ids)` (or
 * `notifyStoreChanged(ctx, shopId)`) after it changes devices; nothing happens when no hub runs.
 */
import type { FastifyInstance } from 'fastify';

import type { AppContext } from '../../context';
import { listShopsOfDevices } from './agent-link.repository';
import { BoxHub, type BoxHubOptions } from './box-hub';

const hubs = new WeakMap<AppContext, BoxHub>();

/** Creates the hub, attaches it to the app's HTTP server and closes it before the server closes. */
export function installBoxHub(app: FastifyInstance, ctx: AppContext, options: BoxHubOptions = {}): BoxHub {
  const hub = new BoxHub(ctx, options);
  hub.attach(app.server);
  hubs.set(ctx, hub);
  // preClose: open WebSockets would otherwise keep server.close() waiting.
  app.addHook('preClose', async () => hub.close());
  return hub;
}

/** The app's box hub, if one is installed. */
export function boxHubOf(ctx: AppContext): BoxHub | undefined {
  return hubs.get(ctx);
}

/** Pushes the new `config` to store `shopId`'s linked box; failures are logged, never thrown. */
export async function notifyStoreChanged(ctx: AppContext, shopId: number): Promise<void> {
  try {
    await hubs.get(ctx)?.notifyStoreChanged(shopId);
  } catch (error) {
    ctx.log.warn({ err: error, shopId }, 'could not push config to the store box');
  }
}

/**
 * After devices were added, edited, enabled/disabled or (un)monitored: pushes the new `config` to the
 * linked boxes of their stores. Failures are logged, never thrown (the write already committed).
 */
export async function notifyDevicesChanged(ctx: AppContext, deviceIds: readonly number[]): Promise<void> {
  const hub = hubs.get(ctx);
  if (!hub) return;
  try {
    for (const shopId of await listShopsOfDevices(ctx.db, deviceIds)) await hub.notifyStoreChanged(shopId);
  } catch (error) {
    ctx.log.warn({ err: error }, 'could not push config to the store boxes');
  }
}

/** Ends the live link of a box or reporter whose key was rotated or which was disabled. */
export function notifyKeyRevoked(ctx: AppContext, deviceId: number): void {
  hubs.get(ctx)?.revoke(deviceId, 'The security key was rotated or the device was disabled');
}

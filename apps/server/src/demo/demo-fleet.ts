/**
 * Demo start-up: with DEMO on and SIMULATOR not '0', the simulated store boxes of apps/simulator link
 * to this server in-process (over loopback, with the demo boxes' keys) so the console shows a live
 * fleet within a minute. Stopped on shutdown before the server drains.
 */
import { type Fleet, startFleet } from '@storefleet/simulator';
import type { FastifyBaseLogger } from 'fastify';

import type { Config } from '../config';
import type { Database } from '../db/database';
import { listBoxKeys } from '../modules/devices/devices.repository';

/** Starts the demo fleet against 127.0.0.1:`port`, or returns null when the demo or simulator is off. */
export async function startDemoFleet(
  config: Config,
  database: Database,
  port: number,
  log: FastifyBaseLogger,
  env: NodeJS.ProcessEnv = process.env,
): Promise<Fleet | null> {
  if (!config.demo || env.SIMULATOR === '0') return null;
  const boxes = await listBoxKeys(database.db, config.secrets);
  if (boxes.length === 0) {
    log.info('demo simulator: no boxes with a security key, nothing to simulate');
    return null;
  }
  const fleet = startFleet({
    serverUrl: `http://127.0.0.1:${port}`,
    // The first demo box (AI盒子 NW0001) spoils upgrade downloads, so a pushed upgrade shows a checksum
    // mismatch and a halted wave (docs/decisions/versions.md); SIMULATOR_CORRUPT_UPGRADE=0 turns it off.
    boxes: boxes.map((box, i) => ({
      key: box.securityKey,
      corruptUpgrade: i === 0 && env.SIMULATOR_CORRUPT_UPGRADE !== '0',
    })),
    log: (level, message) => {
      if (level === 'error') log.error(`simulator: ${message}`);
      else if (level === 'warn') log.warn(`simulator: ${message}`);
    },
  });
  log.info({ boxes: boxes.length }, 'demo simulator started (set SIMULATOR=0 to turn it off)');
  return fleet;
}

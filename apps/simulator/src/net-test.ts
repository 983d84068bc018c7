/**
 * The simulated box's `netTest` answer: plausible figures without sending anything. Each store has a
 * line quality of its own (drawn once from the fleet seed and the store id, so a store compares the
 * same way run after run) and each run adds a little noise; a target without a URL has no figure for
 * that part, as with the real agent.
 */
import type { NetTestResult, NetTestTarget, NetTestTargetResult } from '@storefleet/contracts';

import { Rng } from './random';

const MB = 1024 * 1024;

interface LineQuality {
  delayMs: number;
  jitterMs: number;
  lossRate: number;
  downloadBytesPerSecond: number;
  uploadBytesPerSecond: number;
}

/** The store's line: most are good, about one in six is a poor one (slow, lossy). */
function lineOf(seed: string | number, shopId: string): LineQuality {
  const rng = Rng.derive(seed, `net-test-line:${shopId}`);
  const poor = rng.chance(1 / 6);
  return {
    delayMs: poor ? rng.between(80, 220) : rng.between(6, 45),
    jitterMs: poor ? rng.between(15, 60) : rng.between(0.5, 8),
    lossRate: poor ? rng.between(0.02, 0.15) : 0,
    downloadBytesPerSecond: poor ? rng.between(0.2, 1.5) * MB : rng.between(4, 12) * MB,
    uploadBytesPerSecond: poor ? rng.between(0.05, 0.4) * MB : rng.between(1, 4) * MB,
  };
}

let runs = 0;

/** Figures for `targets` as the box of store `shopId` would measure them now. */
export function simulatedNetTest(
  seed: string | number,
  shopId: string,
  targets: NetTestTarget[],
): NetTestResult {
  const line = lineOf(seed, shopId);
  runs += 1;
  const noise = Rng.derive(seed, `net-test-run:${shopId}:${runs}`);
  const vary = (value: number, spread: number) => value * noise.between(1 - spread, 1 + spread);
  const round = (value: number, digits: number) => Number(value.toFixed(digits));
  return {
    testedAt: new Date().toISOString(),
    targets: targets.map(
      (target): NetTestTargetResult => ({
        addressId: target.addressId,
        delayMs: round(vary(line.delayMs, 0.15), 2),
        jitterMs: round(vary(line.jitterMs, 0.3), 2),
        lossRate: round(Math.min(1, line.lossRate * noise.between(0.5, 1.5)), 3),
        downloadBytesPerSecond: target.downloadUrl
          ? Math.round(vary(line.downloadBytesPerSecond, 0.2))
          : null,
        uploadBytesPerSecond: target.uploadUrl ? Math.round(vary(line.uploadBytesPerSecond, 0.2)) : null,
        pingError: null,
        downloadError: null,
        uploadError: null,
      }),
    ),
  };
}

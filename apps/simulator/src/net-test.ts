/**
 * The simulated box's `netTest` answer: plausible figures. Each store has a
 * line quality of its own (drawn once from the fleet seed and the store id, so a store compares the
 * same way run after run) and each run adds a little noise; a target without a URL has no figure for
 * that part, as with the real agent. `measuredNetTest` also really transfers (small amounts) to download
 * and upload URLs on loopback — the demo's local speed-test endpoint — so an unreachable endpoint shows
 * as an error and the speed shown is the store's line capped by what was measured; any other URL gets
 * no traffic, only the simulated figure.
 */

import type { NetTestResult, NetTestTarget, NetTestTargetResult } from '@storefleet/contracts';
import { isLoopbackAddress } from './loopback';

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

/** What the simulator moves per target: a store line is simulated, the transfer only proves the endpoint. */
const DOWNLOAD_CAP = 1024 * 1024;
const UPLOAD_BYTES = 256 * 1024;
const TRANSFER_TIMEOUT_MS = 5_000;

function onLoopback(url: string): boolean {
  try {
    const parsed = new URL(url);
    return (
      (parsed.protocol === 'http:' || parsed.protocol === 'https:') && isLoopbackAddress(parsed.hostname)
    );
  } catch {
    return false;
  }
}

/** Bytes per second measured for `url`, or the reason it failed. */
async function transfer(url: string, direction: 'download' | 'upload'): Promise<number | string> {
  const started = performance.now();
  try {
    const signal = AbortSignal.timeout(TRANSFER_TIMEOUT_MS);
    let bytes = 0;
    if (direction === 'download') {
      const res = await fetch(url, { signal });
      if (!res.ok || !res.body) return `HTTP ${res.status}`;
      const reader = res.body.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        bytes += value.length;
        if (bytes >= DOWNLOAD_CAP) {
          await reader.cancel();
          break;
        }
      }
    } else {
      const res = await fetch(url, { method: 'POST', body: new Uint8Array(UPLOAD_BYTES), signal });
      await res.arrayBuffer();
      if (!res.ok) return `HTTP ${res.status}`;
      bytes = UPLOAD_BYTES;
    }
    const seconds = Math.max((performance.now() - started) / 1000, 0.001);
    return bytes / seconds;
  } catch (error) {
    return error instanceof Error ? error.message.slice(0, 200) : 'transfer failed';
  }
}

/** `simulatedNetTest`, with real transfers to the loopback URLs (see the file comment). */
export async function measuredNetTest(
  seed: string | number,
  shopId: string,
  targets: NetTestTarget[],
): Promise<NetTestResult> {
  const simulated = simulatedNetTest(seed, shopId, targets);
  const measured = await Promise.all(
    simulated.targets.map(async (figures, i): Promise<NetTestTargetResult> => {
      const target = targets[i];
      if (!target) return figures;
      const result = { ...figures };
      for (const direction of ['download', 'upload'] as const) {
        const url = direction === 'download' ? target.downloadUrl : target.uploadUrl;
        if (!url || !onLoopback(url)) continue;
        const outcome = await transfer(url, direction);
        const key = direction === 'download' ? 'downloadBytesPerSecond' : 'uploadBytesPerSecond';
        if (typeof outcome === 'string') {
          result[key] = null;
          result[direction === 'download' ? 'downloadError' : 'uploadError'] = outcome;
        } else {
          result[key] = Math.round(Math.min(result[key] ?? outcome, outcome));
        }
      }
      return result;
    }),
  );
  return { ...simulated, targets: measured };
}

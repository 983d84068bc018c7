/**
 * What an upgrade run makes of a wave (issue 31, docs/decisions/versions.md "Reconnection grace"):
 * the reasons a box waiting for its link shows, and the verdict once every box of the wave is done. A
 * box that never connected within the grace is failed, but not judged: it never got the package, so it
 * says nothing about the version, and it does not count toward the run's failure threshold. Pure.
 */
import type { UpgradeBoxState } from '@storefleet/contracts';

/** The start of the reason of a box failed because it did not connect within the grace. */
export const NEVER_CONNECTED = 'The box did not connect within';

/**
 * The reason a pending box shows while the run waits for its link (the contracts' box states have no
 * "waiting" state: it stays `pending`, the closest one, with this reason).
 */
export function waitingReason(until: number): string {
  return `Waiting for the box to connect (until ${new Date(until).toISOString()})`;
}

/** The reason of a box that did not connect within `graceMs`. */
export function neverConnectedReason(graceMs: number): string {
  const span =
    graceMs >= 60_000 ? `${Math.round(graceMs / 60_000)} minutes` : `${Math.round(graceMs / 1000)} seconds`;
  return `${NEVER_CONNECTED} ${span} (the reconnection grace), so it was not upgraded; it does not count toward the failure threshold`;
}

export interface WaveBox {
  state: UpgradeBoxState;
  reason: string | null;
}

/**
 * The halt reason when the wave's failures among the boxes it judged (every box but those that never
 * connected) are above `threshold` percent; null when the run goes on.
 */
export function waveHaltReason(
  boxes: readonly WaveBox[],
  threshold: number,
  wave: number,
  waveCount: number,
): string | null {
  const unreachable = boxes.filter(
    (b) => b.state === 'failed' && b.reason?.startsWith(NEVER_CONNECTED),
  ).length;
  const judged = boxes.length - unreachable;
  const failed = boxes.filter((b) => b.state === 'failed').length - unreachable;
  const rate = judged === 0 ? 0 : (failed * 100) / judged;
  if (rate <= threshold) return null;
  const notCounted = unreachable > 0 ? `; ${unreachable} boxes that never connected were not counted` : '';
  return (
    `Wave ${wave} of ${waveCount}: ${failed} of ${judged} boxes failed ` +
    `(${Math.round(rate)} %), above the ${threshold} % threshold${notCounted}; later waves were not sent`
  );
}

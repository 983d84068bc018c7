/** A counter reading with the time it was read. */
export interface CounterSample {
  value: bigint;
  atMs: number;
}

/**
 * Per-second rate of an SNMP counter between two polls. A counter that went backwards wrapped once
 * (for 32-bit counters) or was reset (device reboot, 64-bit counters): a wrap is unwrapped, a reset
 * gives null rather than a huge false rate.
 */
export function counterRate(
  prev: CounterSample | undefined,
  cur: CounterSample,
  bits: 32 | 64,
): number | null {
  if (!prev) return null;
  const seconds = (cur.atMs - prev.atMs) / 1000;
  if (seconds <= 0) return null;
  let delta = cur.value - prev.value;
  if (delta < 0n) {
    if (bits === 64) return null;
    delta += 1n << 32n;
    // A 32-bit "wrap" larger than half the range is far likelier a reset.
    if (delta > 1n << 31n) return null;
  }
  return Number(delta) / seconds;
}

/** What one run of the system `ping` found out about a host. */
export interface PingSummary {
  /** True when at least one echo reply came back. */
  online: boolean;
  transmitted: number;
  received: number;
  /** Fraction of echoes lost, 0–1. */
  lossRate: number;
  /** Average round trip, ms; null when nothing answered. */
  delayMs: number | null;
  /** Max − min round trip, ms; null when nothing answered. */
  jitterMs: number | null;
}

/** The summary of a host that did not answer at all (timeout, unreachable, ping could not run). */
export const UNREACHABLE: PingSummary = {
  online: false,
  transmitted: 0,
  received: 0,
  lossRate: 1,
  delayMs: null,
  jitterMs: null,
};

// iputils: "4 packets transmitted, 4 received, +1 errors, 0% packet loss, time 3004ms";
// BusyBox (OpenWrt, Android toolbox): "4 packets transmitted, 4 packets received, 0% packet loss".
const COUNTS = /(\d+) packets transmitted, (\d+) (?:packets )?received/;
// iputils: "rtt min/avg/max/mdev = 0.03/0.04/0.05/0.01 ms"; BusyBox: "round-trip min/avg/max = 0.1/0.2/0.3 ms".
const RTT = /(?:rtt|round-trip) min\/avg\/max(?:\/[a-z]+)? = ([\d.]+)\/([\d.]+)\/([\d.]+)/;

/**
 * Reads the statistics block of `ping` output (run with LC_ALL=C). Output without a statistics block
 * — "Network is unreachable", "unknown host" — means the host is unreachable.
 */
export function parsePingOutput(output: string): PingSummary {
  const counts = COUNTS.exec(output);
  if (!counts) return UNREACHABLE;
  const transmitted = Number(counts[1]);
  const received = Number(counts[2]);
  if (transmitted === 0) return UNREACHABLE;
  const lossRate = round(Math.min(1, Math.max(0, (transmitted - received) / transmitted)), 4);
  const rtt = RTT.exec(output);
  if (received === 0 || !rtt) return { ...UNREACHABLE, transmitted, received, lossRate };
  const min = Number(rtt[1]);
  const avg = Number(rtt[2]);
  const max = Number(rtt[3]);
  return {
    online: true,
    transmitted,
    received,
    lossRate,
    delayMs: round(avg, 3),
    jitterMs: round(Math.max(0, max - min), 3),
  };
}

function round(n: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(n * f) / f;
}

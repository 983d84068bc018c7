/**
 * A linked box's clock as the server sees it. The agent stamps `hello` and every `results` frame with
 * its clock (`sentAt`); each frame gives one reading of "box clock minus server clock" that is short by
 * the frame's travel and queueing time, so the largest of the recent readings is the best estimate (as
 * NTP keeps its least delayed sample). Value times are moved by the skew into server time, and bounded:
 * never in the server's future beyond CLOCK_TOLERANCE_MS, never before the link's hello minus
 * MAX_VALUE_AGE_MS. "Last seen", online changes and the offline sweep then all run on server time.
 */

/** A skew this small is network delay, not a wrong clock: value times are taken as they are. */
export const CLOCK_TOLERANCE_MS = 2_000;
/** The oldest a value may claim to be, before its link's hello: more than any box buffers. */
export const MAX_VALUE_AGE_MS = 30 * 86_400_000;
/** Readings the estimate is taken from: a clock that was stepped shows after this many frames. */
const READINGS = 8;

export class BoxClock {
  private readonly readings: number[] = [];

  constructor(
    /** Server time of the link's hello. */
    readonly helloAt: number,
    sentAt: number | undefined,
  ) {
    this.observe(sentAt, helloAt);
  }

  /** A frame the box sent at `sentAt` (its clock) arrived at `now` (server clock). */
  observe(sentAt: number | undefined, now: number): void {
    if (sentAt === undefined) return;
    this.readings.push(sentAt - now);
    if (this.readings.length > READINGS) this.readings.shift();
  }

  /** Box clock minus server clock, ms (positive: the box is ahead); null when the agent does not say. */
  get skewMs(): number | null {
    return this.readings.length > 0 ? Math.max(...this.readings) : null;
  }

  /** `at` (box clock) as server time, bounded as the file comment says. */
  serverTime(at: number, now: number): number {
    const skew = this.skewMs;
    const moved = skew !== null && Math.abs(skew) > CLOCK_TOLERANCE_MS ? at - skew : at;
    return Math.max(0, Math.min(Math.max(moved, this.helloAt - MAX_VALUE_AGE_MS), now + CLOCK_TOLERANCE_MS));
  }
}

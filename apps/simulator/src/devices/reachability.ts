import type { Moment } from '../moment';
import type { Rng } from '../random';

/** What four ICMP echoes to a device found, as the agent's ping probe reports it. */
export interface EchoResult {
  online: boolean;
  delayMs: number | null;
  jitterMs: number | null;
  lossRate: number;
}

export const NO_REPLY: EchoResult = { online: false, delayMs: null, jitterMs: null, lossRate: 1 };

/** How a device answers pings when it is up: its wiring and how often it drops an echo. */
export class ReachabilityProfile {
  private readonly baseDelayMs: number;
  private readonly lossChance: number;

  constructor(
    private readonly rng: Rng,
    options: { wireless: boolean; flaky: boolean },
  ) {
    // Wired store LAN answers in well under a few ms; Wi-Fi handhelds are slower and noisier.
    this.baseDelayMs = options.wireless ? rng.between(2, 12) : rng.between(0.2, 2.5);
    this.lossChance = options.flaky ? 0.08 : options.wireless ? 0.02 : 0.004;
  }

  /** Four echoes now; busy hours add queueing delay. */
  echo(moment: Moment, offline: boolean, rng: Rng = this.rng): EchoResult {
    if (offline) return NO_REPLY;
    let lost = 0;
    for (let i = 0; i < 4; i++) if (rng.chance(this.lossChance)) lost++;
    // A partly lost round still answered; all four lost is what an unreachable device looks like.
    if (lost === 4) lost = 3;
    const load = 1 + moment.busy * 0.8;
    const delay = Math.max(0.05, this.baseDelayMs * load * (1 + 0.15 * rng.normal()));
    const jitter = Math.abs(rng.normal()) * this.baseDelayMs * 0.4 * load;
    return { online: true, delayMs: round3(delay), jitterMs: round3(jitter), lossRate: lost / 4 };
  }
}

export function round3(n: number): number {
  return Math.round(n * 1000) / 1000;
}

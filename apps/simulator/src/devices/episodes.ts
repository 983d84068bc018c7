import { chanceWithin, type Rng } from '../random';

export interface EpisodeOptions {
  /** How often an episode starts, per simulated day. */
  ratePerDay: number;
  /** Mean length, simulated minutes (lengths are exponential, clamped to 1–120 minutes). */
  meanMinutes: number;
}

/**
 * Offline episodes of one device or one store link: each starts at a random moment (a Poisson process)
 * and lasts minutes. `step` advances to a moment and says whether the episode is on.
 */
export class Episodes {
  private endsAt: number | null = null;
  /** True on the first step after an episode ended (a device may have rebooted meanwhile). */
  justEnded = false;

  constructor(
    private readonly rng: Rng,
    private readonly options: EpisodeOptions,
  ) {}

  get active(): boolean {
    return this.endsAt !== null;
  }

  step(simAt: number, stepSeconds: number): boolean {
    this.justEnded = false;
    if (this.endsAt !== null && simAt >= this.endsAt) {
      this.endsAt = null;
      this.justEnded = true;
    }
    if (this.endsAt === null && this.rng.chance(chanceWithin(this.options.ratePerDay, stepSeconds))) {
      const minutes = Math.min(120, Math.max(1, this.rng.exponential(this.options.meanMinutes)));
      this.endsAt = simAt + minutes * 60_000;
    }
    return this.endsAt !== null;
  }
}

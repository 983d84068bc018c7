import { busyness, isOpen, localDayOf, localHourOf, type OpeningHours } from './daily-pattern';

/** One probe cycle of a simulated store, as every device model sees it. */
export interface Moment {
  /** Wall-clock time, Unix ms: the `at` of the values (what the server stores). */
  at: number;
  /** Simulated time, Unix ms: drives the daily pattern, episodes, uptime and battery. */
  simAt: number;
  /** Simulated seconds since the previous cycle. */
  stepSeconds: number;
  /** Local hour of `simAt` at the store, 0–24. */
  localHour: number;
  /** Local day number of `simAt`, for per-day variation. */
  day: number;
  /** Store activity 0–1 (see `busyness`). */
  busy: number;
  open: boolean;
}

export interface StoreTime {
  hours: OpeningHours;
  utcOffsetMinutes: number;
}

/** The moment of a probe cycle at simulated time `simAt`. */
export function momentAt(at: number, simAt: number, stepSeconds: number, store: StoreTime): Moment {
  const localHour = localHourOf(simAt, store.utcOffsetMinutes);
  return {
    at,
    simAt,
    stepSeconds,
    localHour,
    day: localDayOf(simAt, store.utcOffsetMinutes),
    busy: busyness(localHour, store.hours),
    open: isOpen(localHour, store.hours),
  };
}

/**
 * Simulated time: starts at `startAt` (default now) and runs `timeScale` times faster than the wall
 * clock, so a demo can show a whole store day in minutes while values keep real timestamps.
 */
export class SimClock {
  private readonly realStart: number;
  private readonly simStart: number;

  constructor(
    private readonly timeScale: number,
    startAt?: number,
    private readonly now: () => number = Date.now,
  ) {
    this.realStart = now();
    this.simStart = startAt ?? this.realStart;
  }

  real(): number {
    return this.now();
  }

  sim(real: number = this.now()): number {
    return this.simStart + (real - this.realStart) * this.timeScale;
  }
}

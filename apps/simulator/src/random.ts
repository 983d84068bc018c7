/**
 * Seeded randomness. Every simulated box and device draws from its own stream, derived from the fleet
 * seed and a stable label (the device id), so one device's values do not change when another device is
 * added, and a run with the same seed, start time and device ids repeats itself.
 */
export class Rng {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A stream of its own for `label`, independent of how much this one was used. */
  static derive(seed: string | number, label: string): Rng {
    return new Rng(hash32(`${seed}\u0000${label}`));
  }

  /** Uniform in [0, 1) (mulberry32: small, fast, good enough for noise). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** Uniform in [min, max). */
  between(min: number, max: number): number {
    return min + (max - min) * this.next();
  }

  /** Whole number in [min, max]. */
  int(min: number, max: number): number {
    return Math.floor(this.between(min, max + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.next() * items.length)];
    if (item === undefined) throw new Error('pick from an empty list');
    return item;
  }

  /** Standard normal (Box–Muller). */
  normal(): number {
    const u = 1 - this.next();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * this.next());
  }

  /** Exponentially distributed with the given mean. */
  exponential(mean: number): number {
    return -Math.log(1 - this.next()) * mean;
  }
}

/** Chance that an event with `ratePerDay` happens within `seconds` (Poisson process). */
export function chanceWithin(ratePerDay: number, seconds: number): number {
  return 1 - Math.exp((-ratePerDay * seconds) / 86_400);
}

/** FNV-1a then a murmur finaliser: a well-mixed 32-bit seed from any text. */
export function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

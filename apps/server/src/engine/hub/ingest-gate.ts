/**
 * Bounds how many `results` frames the hub parses, validates and stores at once; the others wait as
 * the text that arrived (about half a KiB a value) rather than as parsed and validated objects
 * (several times that), so the number of linked boxes no longer multiplies the batches held in
 * memory. First come, first served.
 */
export class IngestGate {
  private active = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(private readonly limit: number) {}

  /** Runs `task` once fewer than `limit` tasks are running. */
  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.active < this.limit) this.active++;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    try {
      return await task();
    } finally {
      // Hand the slot straight to the next waiter, so a newcomer cannot overtake it.
      const next = this.waiting.shift();
      if (next) next();
      else this.active--;
    }
  }
}

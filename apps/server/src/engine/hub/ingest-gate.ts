/**
 * Bounds how many `results` frames the hub parses, validates and stores at once; the others wait as
 * the text that arrived (about half a KiB a value) rather than as parsed and validated objects
 * (several times that), so the number of linked boxes no longer multiplies the batches held in
 * memory. Turns go round robin by box: a box with frames waiting gets one turn, then every other
 * waiting box gets one before it gets the next, so a box that floods cannot hold up the others' acks.
 * Before it asks for a turn a frame lets the event loop read once: with a synchronous database driver
 * a flooding box's next frame (already read with the one before) would otherwise take the free slot
 * before the frames other boxes sent meanwhile were even read.
 */

/** Resolves after the event loop polled I/O once (the second check phase comes after a poll phase). */
const afterIoPoll = () => new Promise<void>((resolve) => setImmediate(() => setImmediate(resolve)));

export class IngestGate {
  private active = 0;
  /** Waiting frames per box; the Map's order is the order the boxes' turns come in. */
  private readonly waiting = new Map<number, Array<() => void>>();

  constructor(private readonly limit: number) {}

  /** Runs `task` of box `boxId` once fewer than `limit` tasks are running and its turn has come. */
  async run<T>(boxId: number, task: () => Promise<T>): Promise<T> {
    await afterIoPoll();
    if (this.active < this.limit) this.active++;
    else await new Promise<void>((resolve) => this.enqueue(boxId, resolve));
    try {
      return await task();
    } finally {
      // Hand the slot straight to the next box in turn, so a newcomer cannot overtake it.
      this.handOver();
    }
  }

  private enqueue(boxId: number, wake: () => void): void {
    const frames = this.waiting.get(boxId);
    if (frames) frames.push(wake);
    else this.waiting.set(boxId, [wake]);
  }

  private handOver(): void {
    const turn = this.waiting.entries().next();
    if (turn.done) {
      this.active--;
      return;
    }
    const [boxId, frames] = turn.value;
    const wake = frames.shift();
    // The box goes to the back of the round, with whatever it still has waiting.
    this.waiting.delete(boxId);
    if (frames.length > 0) this.waiting.set(boxId, frames);
    wake?.();
  }
}

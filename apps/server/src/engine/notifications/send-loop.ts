/**
 * The sender beside a notifier pass: planning kicks it after each batch it commits, so the first
 * messages of a storm leave while the rest is still being queued. A kick while it runs makes it run once
 * more (what the batch just queued); `idle()` resolves when no run is left. One loop per pass.
 */
export class SendLoop {
  private running: Promise<void> | null = null;
  private again = false;

  constructor(
    private readonly work: () => Promise<void>,
    private readonly onError: (error: unknown) => void,
  ) {}

  /** Runs the work now, or once more after the run in progress. */
  readonly kick = (): void => {
    this.again = true;
    if (!this.running) this.running = this.loop();
  };

  /** Resolves when the work ran for every kick so far. */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  private async loop(): Promise<void> {
    while (this.again) {
      this.again = false;
      try {
        await this.work();
      } catch (error) {
        this.onError(error);
      }
    }
    // Set with no await after the last check: a kick from now on starts a new loop.
    this.running = null;
  }
}

/**
 * Late transitions: status changes stamped on a day already over when they were stored — a box whose
 * link was down sends the values it kept once it is back, each with its own clock. Ingest returns them
 * in its AfterCommit result (after-commit.ts) and hands them here once the batch committed, waiting
 * for the handlers before it acks; the usage module (modules/usage/jobs/usage-daily.job.ts) marks
 * their days to be computed again. The offline sweep stamps the present, so it has none. Not relayed
 * to other nodes: a handler writes to the shared database once.
 */
import type { DeviceStatusChange } from './status-bus';

/** The changes stamped before the start of `now`'s day (server local time). */
export function lateTransitionsOf(changes: readonly DeviceStatusChange[], now: number): DeviceStatusChange[] {
  const today = new Date(now);
  today.setHours(0, 0, 0, 0);
  return changes.filter((change) => change.at < today.getTime());
}

/** Handles a committed batch's late transitions; catches its own failures (the batch is stored). */
export type LateTransitionsHandler = (transitions: readonly DeviceStatusChange[]) => Promise<void>;

/** The handlers of late transitions, reached as `ctx.statusBus.late`. */
export class LateTransitionsBus {
  private readonly handlers = new Set<LateTransitionsHandler>();

  /** Calls `handler` with every committed batch's late transitions; returns the unsubscribe function. */
  subscribe(handler: LateTransitionsHandler): () => void {
    this.handlers.add(handler);
    return () => this.handlers.delete(handler);
  }

  /** Hands `transitions` to every handler and waits for them. */
  async publish(transitions: readonly DeviceStatusChange[]): Promise<void> {
    if (transitions.length === 0) return;
    for (const handler of this.handlers) await handler(transitions);
  }
}

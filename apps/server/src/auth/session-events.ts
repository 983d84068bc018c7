/**
 * Session changes (`ctx.sessionEvents`): a service that signs a user out, disables it, changes its
 * password or edits it (role, scope) calls `changed(userId)` once its write committed. Long-lived
 * calls holding a session — the live-updates stream — listen and re-check their session at once,
 * ending when it no longer holds. Only this process hears it: with several server nodes it would
 * travel over a shared channel (Redis pub/sub); the stream's periodic re-check is the fallback.
 */
export type SessionListener = (userId: number) => void;

export class SessionEvents {
  private readonly listeners = new Set<SessionListener>();

  /** Something about `userId`'s sessions changed: listeners re-check the ones they hold. */
  changed(userId: number): void {
    for (const listener of this.listeners) listener(userId);
  }

  /** Calls `listener` for every change until the returned function is called. */
  subscribe(listener: SessionListener): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }
}

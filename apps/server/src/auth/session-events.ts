/**
 * Session changes (`ctx.auth.sessionEvents`): a service that signs a user out, disables it, changes its
 * password or edits it (role, scope) calls `changed(userId)` once its write committed. Long-lived
 * calls holding a session — the live-updates stream — listen and re-check their session at once,
 * ending when it no longer holds. Only this process hears it: with several server nodes it would
 * travel over a shared channel (Redis pub/sub); the stream's periodic re-check is the fallback.
 */
/** `keptTokenId`: a session of the user that goes on (see `changed`); its holders need not re-check now. */
export type SessionListener = (userId: number, keptTokenId?: string) => void;

export class SessionEvents {
  private readonly listeners = new Set<SessionListener>();

  /**
   * Something about `userId`'s sessions changed: listeners re-check the ones they hold. `keptTokenId`
   * names the session that made the change and goes on under a fresh token it was just given (an own
   * password change): its stream is left to the page, which reopens it with the new token as soon as
   * it holds it (the periodic re-check ends it otherwise), so the page is not signed out by a race
   * between the reply and the stream's end.
   */
  changed(userId: number, keptTokenId?: string): void {
    for (const listener of this.listeners) listener(userId, keptTokenId);
  }

  /** Calls `listener` for every change until the returned function is called. */
  subscribe(listener: SessionListener): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }
}

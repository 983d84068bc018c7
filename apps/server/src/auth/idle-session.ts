/**
 * Idle sessions (SESSION_IDLE_MINUTES; docs/decisions/server-core.md "Idle sessions"): a session
 * unused for that long ends with 401. Every authenticated call counts as use, the monitor screen's
 * automatic refreshes included: that is what keeps a wall display signed in unattended. An open live
 * stream's re-checks do not count (they only end the stream of an idle session). The server measures
 * it per token id, writing the time of use at most once a minute.
 */
import type { Kysely } from 'kysely';

import type { DB } from '../db/database';
import { unauthenticated } from '../http/errors';
import { findLastActivity, startActivity, touchActivity } from './session-activity.repository';
import type { TokenClaims } from './tokens';

/** How stale the recorded time of use may get before a call writes it again. */
export const ACTIVITY_WRITE_INTERVAL_MS = 60_000;

/** What a call does to its session's record: end it, start it, move it on, or leave it. */
export type IdleVerdict = 'ended' | 'start' | 'touch' | 'fresh';

/** The verdict for a call at `now` on a session last used at `lastActive` (undefined: no record yet). */
export function idleVerdict(lastActive: number | undefined, now: number, idleMinutes: number): IdleVerdict {
  if (lastActive === undefined) return 'start';
  if (now - lastActive > idleMinutes * 60_000) return 'ended';
  return now - lastActive >= ACTIVITY_WRITE_INTERVAL_MS ? 'touch' : 'fresh';
}

/**
 * Throws 401 when the session of `claims` has been unused for more than `idleMinutes`; otherwise
 * records this call as use, unless it is `passive` (an open live stream's re-check). A token without
 * a record (its first call, or issued before this check existed) starts one now.
 */
export async function useSession(
  db: Kysely<DB>,
  claims: TokenClaims,
  idleMinutes: number,
  now: number,
  passive: boolean,
): Promise<void> {
  if (idleMinutes <= 0) return;
  const verdict = idleVerdict(await findLastActivity(db, claims.tokenId), now, idleMinutes);
  if (passive && verdict !== 'ended') return;
  switch (verdict) {
    case 'ended':
      throw unauthenticated({
        zh: `会话已在 ${idleMinutes} 分钟无操作后结束，请重新登录`,
        en: `Your session ended after ${idleMinutes} minutes without activity; please sign in again`,
      });
    case 'start':
      await startActivity(db, claims.tokenId, now, claims.expiresAt);
      return;
    case 'touch':
      await touchActivity(db, claims.tokenId, now);
      return;
    case 'fresh':
      return;
  }
}

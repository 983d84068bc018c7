/**
 * Stream tickets (`ctx.auth.streamTickets`): EventSource cannot send an Authorization header, so the page
 * trades its session for a ticket (POST …/device/events/ticket) and opens the live-updates stream with
 * `?ticket=`. A ticket is 256 random bits, good for one stream within TICKET_TTL_MS, and names the
 * session (user, token id) and the company it was issued for; a URL that lands in a log is worthless
 * a minute later, and once used at once.
 *
 * Tickets live in this process's memory: with several server nodes behind one address they would
 * have to live in a shared store (Redis) instead, since the stream may reach another node.
 */
import { randomBytes } from 'node:crypto';

export const TICKET_TTL_MS = 60_000;
/** A console tab uses its ticket within milliseconds; more than this per session is a runaway client. */
const MAX_PER_SESSION = 8;
/** Bounds memory whatever clients do: the oldest ticket makes room. */
const MAX_TICKETS = 10_000;

/** What a ticket stands for: the session it was issued to, and the company chosen then. */
export interface StreamGrant {
  userId: number;
  /** The session's token id (jti). */
  tokenId: string;
  /** The session's access token, kept in memory so the stream can re-check the session while it runs. */
  accessToken: string;
  /** The company the caller acted in (an agent admin's choice); null for platform users. */
  companyId: number | null;
}

interface Held {
  grant: StreamGrant;
  expiresAt: number;
}

export class StreamTickets {
  /** In issue order, so the expired ones are always at the front. */
  private readonly held = new Map<string, Held>();

  constructor(
    private readonly ttlMs = TICKET_TTL_MS,
    private readonly now: () => number = () => Date.now(),
  ) {}

  /** A new ticket for `grant`, valid for one stream within the ticket lifetime. */
  issue(grant: StreamGrant): { ticket: string; expiresInSeconds: number } {
    const now = this.now();
    this.prune(now);
    const ofSession = [...this.held].filter(([, held]) => held.grant.tokenId === grant.tokenId);
    for (const [ticket] of ofSession.slice(0, Math.max(0, ofSession.length - MAX_PER_SESSION + 1))) {
      this.held.delete(ticket);
    }
    while (this.held.size >= MAX_TICKETS) {
      const oldest = this.held.keys().next();
      if (oldest.done) break;
      this.held.delete(oldest.value);
    }
    const ticket = randomBytes(32).toString('base64url');
    this.held.set(ticket, { grant, expiresAt: now + this.ttlMs });
    return { ticket, expiresInSeconds: Math.round(this.ttlMs / 1000) };
  }

  /** The grant of `ticket`, consumed: undefined when it is unknown, already used or expired. */
  redeem(ticket: string): StreamGrant | undefined {
    const held = this.held.get(ticket);
    this.held.delete(ticket);
    if (!held || held.expiresAt <= this.now()) return undefined;
    return held.grant;
  }

  private prune(now: number): void {
    for (const [ticket, held] of this.held) {
      if (held.expiresAt > now) break;
      this.held.delete(ticket);
    }
  }
}

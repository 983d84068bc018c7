// Stream tickets as the store keeps them: one use, a minute, and bounded per session.
import { describe, expect, it } from 'vitest';

import { type StreamGrant, StreamTickets, TICKET_TTL_MS } from './stream-tickets';

const grant = (tokenId: string): StreamGrant => ({ userId: 7, tokenId, accessToken: 'jwt', companyId: 1 });

describe('stream tickets', () => {
  it('redeems a ticket once, within its lifetime only', () => {
    let now = 1_000_000;
    const tickets = new StreamTickets(TICKET_TTL_MS, () => now);
    const once = tickets.issue(grant('a')).ticket;
    const late = tickets.issue(grant('a')).ticket;
    expect(tickets.redeem(once)).toEqual(grant('a'));
    expect(tickets.redeem(once)).toBeUndefined();
    now += TICKET_TTL_MS;
    expect(tickets.redeem(late)).toBeUndefined();
  });

  it('keeps at most 8 waiting tickets per session, dropping its oldest, and leaves other sessions alone', () => {
    const tickets = new StreamTickets();
    const other = tickets.issue(grant('b')).ticket;
    const issued = Array.from({ length: 9 }, () => tickets.issue(grant('a')).ticket);
    expect(tickets.redeem(issued[0] ?? '')).toBeUndefined();
    for (const ticket of issued.slice(1)) expect(tickets.redeem(ticket)?.tokenId).toBe('a');
    expect(tickets.redeem(other)?.tokenId).toBe('b');
  });

  it('issues unguessable tickets: 256 random bits each', () => {
    const tickets = new StreamTickets();
    const seen = new Set(Array.from({ length: 100 }, () => tickets.issue(grant('c')).ticket));
    expect(seen.size).toBe(100);
    for (const ticket of seen) expect(ticket).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
});

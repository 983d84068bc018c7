// One live-updates connection per page: the header badge and the page's own lists share it, every
// subscriber sees every event, the connection closes when the last one leaves, a dropped stream is
// reopened with a fresh ticket and a refused ticket stops trying.
import { describe, expect, it } from 'vitest';

import { createLiveStreamHub, type LiveSource } from './live-stream';

class FakeSource implements LiveSource {
  closed = false;
  private listeners = new Map<string, ((message: MessageEvent<string>) => void)[]>();
  constructor(readonly ticket: string) {}
  addEventListener(type: string, listener: (message: MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.closed = true;
  }
  emit(type: string, data: string) {
    for (const l of this.listeners.get(type) ?? []) l({ data } as MessageEvent<string>);
  }
}

function setup(ticket?: (n: number) => Promise<string>) {
  const sources: FakeSource[] = [];
  const timers: { run: () => void; ms: number; cleared: boolean }[] = [];
  let tickets = 0;
  const hub = createLiveStreamHub({
    ticket: () => {
      tickets += 1;
      return ticket ? ticket(tickets) : Promise.resolve(`ticket-${tickets}`);
    },
    open: (t) => {
      const source = new FakeSource(t);
      sources.push(source);
      return source;
    },
    retryDelayMs: (failures) => failures * 1000,
    isFinal: (error) => (error as { status?: number }).status === 401,
    setTimer: (run, ms) => {
      const timer = { run, ms, cleared: false };
      timers.push(timer);
      return timer;
    },
    clearTimer: (timer) => {
      (timer as { cleared: boolean }).cleared = true;
    },
  });
  const runTimers = () => {
    for (const timer of timers.splice(0)) if (!timer.cleared) timer.run();
  };
  return { hub, sources, timers, runTimers, tickets: () => tickets };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const statusData = JSON.stringify({ deviceId: 1, shopId: 2, onlineStatus: 0, at: '2026-11-24 06:00:00' });
const alertData = JSON.stringify({
  change: 'opened',
  recordId: 9,
  deviceId: 1,
  shopId: 2,
  at: '2026-11-24 06:00:00',
});

describe('the live-updates hub', () => {
  it('opens one connection for the badge and the page, and hands every event to both', async () => {
    const { hub, sources } = setup();
    const badge: unknown[] = [];
    const page: unknown[] = [];
    hub.subscribe('token', { onAlert: (e) => badge.push(e) });
    hub.subscribe('token', { onAlert: (e) => page.push(e), onStatus: (e) => page.push(e) });
    await settle();
    expect(sources).toHaveLength(1);
    expect(hub.size()).toBe(1);
    sources[0]?.emit('alert', alertData);
    sources[0]?.emit('status', statusData);
    sources[0]?.emit('status', '{not json');
    sources[0]?.emit(
      'alert',
      JSON.stringify({ change: 'muted', recordId: 1, deviceId: 1, shopId: 2, at: 'x' }),
    );
    expect(badge).toEqual([JSON.parse(alertData)]);
    expect(page).toEqual([JSON.parse(alertData), JSON.parse(statusData)]);
  });

  it('keeps the connection while one subscriber is left and across a page change; closes after the last', async () => {
    const { hub, sources, runTimers } = setup();
    const leaveBadge = hub.subscribe('token', {});
    const leavePage = hub.subscribe('token', {});
    await settle();
    leavePage();
    runTimers();
    expect(sources[0]?.closed).toBe(false);
    // A page change: the only subscriber leaves and the next page's subscribes before the close runs.
    leaveBadge();
    const leaveNext = hub.subscribe('token', {});
    runTimers();
    expect(sources[0]?.closed).toBe(false);
    expect(sources).toHaveLength(1);
    leaveNext();
    runTimers();
    expect(sources[0]?.closed).toBe(true);
    expect(hub.size()).toBe(0);
  });

  it('opens a connection of its own for another session key (a company switch)', async () => {
    const { hub, sources, runTimers } = setup();
    const leaveOld = hub.subscribe('token\n1', {});
    hub.subscribe('token\n2', {});
    await settle();
    expect(sources).toHaveLength(2);
    leaveOld();
    runTimers();
    expect(sources.map((s) => s.closed)).toEqual([true, false]);
  });

  it('reopens a dropped stream with a new ticket, and stops when the ticket is refused', async () => {
    const { hub, sources, timers, runTimers, tickets } = setup((n) =>
      n === 3 ? Promise.reject({ status: 401 }) : Promise.resolve(`ticket-${n}`),
    );
    hub.subscribe('token', {});
    await settle();
    sources[0]?.emit('error', '');
    expect(sources[0]?.closed).toBe(true);
    expect(timers.map((t) => t.ms)).toEqual([1000]);
    runTimers();
    await settle();
    expect(sources.map((s) => s.ticket)).toEqual(['ticket-1', 'ticket-2']);
    sources[1]?.emit('error', '');
    runTimers();
    await settle();
    expect(tickets()).toBe(3);
    expect(timers).toHaveLength(0);
    expect(sources).toHaveLength(2);
  });
});

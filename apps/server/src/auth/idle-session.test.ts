import { AuthEndpoints, DashboardEndpoints } from '@storefleet/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { createTestApp, envelopeOf, type TestApp } from '../testing/test-app';
import { authenticate } from './authenticate';
import { idleVerdict } from './idle-session';

const MINUTE = 60_000;

describe('the idle verdict', () => {
  const t0 = 1_000_000_000;
  it('starts a record for a session that has none, and writes use at most once a minute', () => {
    expect(idleVerdict(undefined, t0, 30)).toBe('start');
    expect(idleVerdict(t0, t0 + 59_999, 30)).toBe('fresh');
    expect(idleVerdict(t0, t0 + MINUTE, 30)).toBe('touch');
  });

  it('ends a session unused for longer than the idle time', () => {
    expect(idleVerdict(t0, t0 + 30 * MINUTE, 30)).toBe('touch');
    expect(idleVerdict(t0, t0 + 30 * MINUTE + 1, 30)).toBe('ended');
  });
});

describe('idle sessions', () => {
  let t: TestApp;
  let clock: number;
  // The clock is the test's: Date only, so timers and the database driver run as usual.
  const at = (ms: number) => {
    clock = ms;
    vi.setSystemTime(clock);
  };
  const after = (ms: number) => at(clock + ms);
  const me = (token: string) => t.send(AuthEndpoints.me, {}, token);

  beforeAll(async () => {
    t = await createTestApp({ config: { sessionIdleMinutes: 30 } });
  });
  afterAll(() => t.close());
  afterEach(() => vi.useRealTimers());
  const start = async (user: string) => {
    vi.useFakeTimers({ toFake: ['Date'] });
    at(Date.parse('2026-12-07T08:00:00Z'));
    return t.signIn(user);
  };

  it('ends a session after 30 minutes without activity, saying so, and keeps a used one going', async () => {
    const token = await start('admin');
    after(29 * MINUTE);
    expect((await me(token)).statusCode).toBe(200);
    after(29 * MINUTE);
    expect((await me(token)).statusCode).toBe(200);
    after(31 * MINUTE);
    const ended = await me(token);
    expect(ended.statusCode).toBe(401);
    expect(envelopeOf(ended)).toMatchObject({
      code: 'UNAUTHENTICATED',
      message: 'Your session ended after 30 minutes without activity; please sign in again',
    });
    // It stays ended, and signing in again opens a fresh session.
    expect((await me(token)).statusCode).toBe(401);
    expect((await me(await t.signIn('admin'))).statusCode).toBe(200);
  });

  it('keeps a wall display of the monitor screen signed in unattended for hours', async () => {
    const token = await start('operator');
    // The monitor screen refreshes its figures once a minute (MonitorScreen.tsx AUTO_REFRESH_MS).
    for (let minute = 0; minute < 5 * 60; minute += 1) {
      after(MINUTE);
      const res = await t.send(DashboardEndpoints.getDashboardOverview, {}, token);
      expect(res.statusCode).toBe(200);
    }
    expect((await me(token)).statusCode).toBe(200);
  }, 120_000);

  it("does not let an open live stream's re-checks keep an idle session going, and ends the stream with it", async () => {
    const token = await start('admin');
    // What the live-updates stream runs at every heartbeat (modules/monitoring/stream-session.ts).
    const recheck = () =>
      authenticate(t.ctx.db, t.ctx.auth.tokens, {
        authorization: `Bearer ${token}`,
        companyHeader: undefined,
        idleMinutes: 30,
        passive: true,
      });
    for (let minute = 0; minute < 30; minute += 1) {
      after(MINUTE);
      await expect(recheck()).resolves.toMatchObject({ caller: { userName: 'admin' } });
    }
    after(1_000);
    await expect(recheck()).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
    expect((await me(token)).statusCode).toBe(401);
  });

  it('ends nothing for idleness when SESSION_IDLE_MINUTES is 0', async () => {
    const off = await createTestApp({ config: { sessionIdleMinutes: 0 } });
    try {
      vi.useFakeTimers({ toFake: ['Date'] });
      at(Date.parse('2026-12-07T08:00:00Z'));
      const token = await off.signIn('admin');
      after(5 * 60 * MINUTE);
      const res = await off.send(AuthEndpoints.me, {}, token);
      expect(res.statusCode).toBe(200);
    } finally {
      await off.close();
    }
  });
});

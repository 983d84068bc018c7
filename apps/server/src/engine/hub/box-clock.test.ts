import { describe, expect, it } from 'vitest';

import { BoxClock, CLOCK_TOLERANCE_MS, MAX_VALUE_AGE_MS } from './box-clock';

const HELLO = 1_800_000_000_000;

describe('box clock', () => {
  it('measures box minus server from hello, keeping the least delayed of the recent frames', () => {
    const clock = new BoxClock(HELLO, HELLO - 600_000 - 40);
    expect(clock.skewMs).toBe(-600_040);
    // A frame that queued for 3 s reads 3 s further behind; the better reading stays.
    clock.observe(HELLO + 10_000 - 600_000 - 3_000, HELLO + 10_000);
    expect(clock.skewMs).toBe(-600_040);
    clock.observe(HELLO + 20_000 - 600_000 - 5, HELLO + 20_000);
    expect(clock.skewMs).toBe(-600_005);
  });

  it('follows a clock that was set right after a few frames', () => {
    const clock = new BoxClock(HELLO, HELLO + 600_000);
    for (let i = 1; i <= 8; i++) clock.observe(HELLO + i * 1000, HELLO + i * 1000);
    expect(clock.skewMs).toBe(0);
  });

  it('moves value times into server time and bounds them', () => {
    const behind = new BoxClock(HELLO, HELLO - 600_000);
    expect(behind.serverTime(HELLO - 600_000 - 60_000, HELLO)).toBe(HELLO - 60_000);
    const ahead = new BoxClock(HELLO, HELLO + 600_000);
    expect(ahead.serverTime(HELLO + 600_000, HELLO)).toBe(HELLO);
    // A small skew is delay, not a wrong clock: times are kept as they are.
    const near = new BoxClock(HELLO, HELLO + 500);
    expect(near.serverTime(HELLO - 7, HELLO)).toBe(HELLO - 7);
    // Never in the future beyond the tolerance, never long before the hello.
    expect(near.serverTime(HELLO + 3_600_000, HELLO)).toBe(HELLO + CLOCK_TOLERANCE_MS);
    expect(near.serverTime(0, HELLO)).toBe(HELLO - MAX_VALUE_AGE_MS);
  });

  it('only bounds the times of an agent that does not send its clock', () => {
    const silent = new BoxClock(HELLO, undefined);
    expect(silent.skewMs).toBeNull();
    expect(silent.serverTime(HELLO - 600_000, HELLO)).toBe(HELLO - 600_000);
    expect(silent.serverTime(HELLO + 600_000, HELLO)).toBe(HELLO + CLOCK_TOLERANCE_MS);
  });
});

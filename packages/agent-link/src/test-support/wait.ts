/**
 * How long tests wait for something that happens over a real socket, process or timer:
 * `vi.waitFor(check, WAIT)`. Generous, because a loaded 2-core machine can be slow by seconds;
 * the ceiling only costs time when the awaited thing never happens. (vi.waitFor's own default is 1 s.)
 */
export const WAIT = { timeout: 15_000, interval: 50 } as const;

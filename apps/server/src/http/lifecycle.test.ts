import type { AddressInfo } from 'node:net';

import { endpoint } from '@storefleet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';

import { createTestApp, type TestApp } from '../testing/test-app';
import { drainAndClose } from './lifecycle';
import { defineRoute } from './route';

/** A test-only call that waits for the test to let it finish. */
const SlowCall = endpoint({
  method: 'GET',
  path: '/api/test/slow',
  summary: 'Slow call',
  summaryZh: '测试：Slow call',
  module: 'test',
  // Recorded in the operation log like a change, so the test can see closing flush it.
  writes: true,
  permissions: 'public',
  response: z.string(),
});

let t: TestApp;
let release: () => void = () => {};
let started: () => void = () => {};
const slowStarted = new Promise<void>((resolve) => {
  started = resolve;
});
const gate = new Promise<void>((resolve) => {
  release = resolve;
});

beforeAll(async () => {
  t = await createTestApp({
    demo: false,
    extraRoutes: [
      (app) =>
        defineRoute(app, SlowCall, async function slowCall() {
          started();
          await gate;
          return 'finished';
        }),
    ],
  });
});
afterAll(() => t.close());

describe('graceful shutdown', () => {
  it('lets in-flight requests finish, answers new ones 503, then closes', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const base = `http://127.0.0.1:${port}`;

    const slow = fetch(`${base}/api/test/slow`);
    await slowStarted;
    const closing = drainAndClose(t.app, 10_000);

    const refused = await fetch(`${base}/api/user-service/auth/me`);
    expect(refused.status).toBe(503);
    expect(await refused.json()).toMatchObject({ code: 'SHUTTING_DOWN', ok: false });

    release();
    const finished = await slow;
    expect(finished.status).toBe(200);
    expect(await finished.json()).toMatchObject({ code: '200', data: 'finished' });
    await closing;
    expect(t.app.server.listening).toBe(false);

    // Closing flushed the operation log while the database was still open.
    const logged = await t.ctx.db
      .selectFrom('operation_logs')
      .select(['req_url', 'status'])
      .where('req_url', '=', '/api/test/slow')
      .execute();
    expect(logged).toEqual([{ req_url: '/api/test/slow', status: 200 }]);
  });
});

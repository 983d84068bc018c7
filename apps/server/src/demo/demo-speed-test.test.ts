// The demo's local speed-test endpoint: it serves download bytes and takes uploads on 127.0.0.1, and the
// demo's seeded net-test addresses are pointed at it at start-up (never an address someone else made).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { listNetTestAddresses } from '../modules/nettest/net-test-address.repository';
import { createTestApp, type TestApp } from '../testing/test-app';
import { pointDemoAddressesAt, type SpeedTestServer, startSpeedTestServer } from './demo-speed-test';

let t: TestApp;
let speed: SpeedTestServer;

beforeAll(async () => {
  t = await createTestApp();
  speed = await startSpeedTestServer();
});

afterAll(async () => {
  await speed?.stop();
  await t?.close();
});

describe('demo speed-test endpoint', () => {
  it('listens on 127.0.0.1, serves the bytes asked for and counts an upload', async () => {
    expect(speed.base).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const down = await fetch(`${speed.base}/speed-test/download?bytes=300000`);
    expect(down.status).toBe(200);
    expect((await down.arrayBuffer()).byteLength).toBe(300000);
    const up = await fetch(`${speed.base}/speed-test/upload`, {
      method: 'POST',
      body: new Uint8Array(123456),
    });
    expect(await up.json()).toEqual({ received: 123456 });
    expect((await fetch(`${speed.base}/elsewhere`)).status).toBe(404);
  });

  it("points the demo's seeded addresses at it, leaving other addresses alone", async () => {
    const before = await listNetTestAddresses(t.ctx.db, null);
    const seeded = before.filter((a) => a.created_by === 'demo');
    expect(seeded.some((a) => a.download_url && a.upload_url)).toBe(true);
    const other = await t.ctx.db
      .insertInto('net_test_addresses')
      .values({
        company_id: null,
        ping_url: '127.0.0.1',
        ping_url_name: 'Someone else’s',
        download_url: 'http://127.0.0.1:9/speed-test/download',
        upload_url: null,
        created_by: 'platform',
        created_at: Date.now(),
        updated_by: 'platform',
        updated_at: Date.now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();

    expect(await pointDemoAddressesAt(t.ctx.db, speed.base)).toBe(1);
    const after = await listNetTestAddresses(t.ctx.db, null);
    const measured = after.find((a) => a.created_by === 'demo' && a.download_url);
    expect(measured?.download_url).toBe(`${speed.base}/speed-test/download`);
    expect(measured?.upload_url).toBe(`${speed.base}/speed-test/upload`);
    expect(after.find((a) => a.id === other.id)?.download_url).toBe('http://127.0.0.1:9/speed-test/download');
    // The URLs answer: what a box downloads there is real.
    const down = await fetch(measured?.download_url ?? '');
    expect((await down.arrayBuffer()).byteLength).toBeGreaterThan(0);
    // Pointed already: a second start changes nothing.
    expect(await pointDemoAddressesAt(t.ctx.db, speed.base)).toBe(0);
  });
});

// The operator's routes (issue 15): /health and /ready for a load balancer, /metrics for Prometheus.
// A real WebSocket peer links a box and sends a batch, so the ingest and link figures are the hub's own.
import type { AddressInfo } from 'node:net';

import { AGENT_LINK_PATH } from '@storefleet/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { AgentPeer, helloFrame } from '../engine/hub/test-support/agent-peer';
import { reachabilityValue } from '../engine/hub/test-support/agent-values';
import { insertLinkFixture, type LinkFixture } from '../engine/hub/test-support/link-fixture.repository';
import { storedBoxKey } from '../testing/box-keys.repository';
import { bearer, createTestApp, type TestApp } from '../testing/test-app';

/** The value of a metric line `name{labels} value` (labels matched as given, in order), or null. */
function metricValue(text: string, name: string, labels = ''): number | null {
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const [key, value] = line.split(' ');
    if (key === name + labels || (labels === '' && key === name)) return Number(value);
  }
  return null;
}

describe('operations: health, readiness and metrics', () => {
  let t: TestApp;
  let fixture: LinkFixture;
  let linkUrl: string;

  beforeAll(async () => {
    t = await createTestApp({ demo: true });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    linkUrl = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}${AGENT_LINK_PATH}`;
    fixture = await insertLinkFixture(t.ctx.db, { port: 161, community: 'public' });
  });
  afterAll(() => t.close());

  it('answers /health while up, without a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'up' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers /ready with 200 on a migrated database and 503 naming a migration not applied', async () => {
    const ready = await t.app.inject({ method: 'GET', url: '/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', problems: [] });

    // Forget the newest migration as if this build were newer than the database.
    const newest = await sql<{
      name: string;
    }>`select name from kysely_migration order by name desc limit 1`.execute(t.ctx.db);
    const name = newest.rows[0]?.name ?? '';
    expect(name).not.toBe('');
    const timestamp = await sql<{
      timestamp: string;
    }>`select timestamp from kysely_migration where name = ${name}`.execute(t.ctx.db);
    await sql`delete from kysely_migration where name = ${name}`.execute(t.ctx.db);
    try {
      const notReady = await t.app.inject({ method: 'GET', url: '/ready' });
      expect(notReady.statusCode).toBe(503);
      expect(notReady.json().status).toBe('not ready');
      expect(notReady.json().problems[0]).toContain(name);
    } finally {
      await sql`insert into kysely_migration (name, timestamp) values (${name}, ${timestamp.rows[0]?.timestamp})`.execute(
        t.ctx.db,
      );
    }
    expect((await t.app.inject({ method: 'GET', url: '/ready' })).statusCode).toBe(200);
  });

  it('counts values, batches, acks and open links of a real link, and request latency by route pattern', async () => {
    const scrape = async () => (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
    const before = await scrape();
    const valuesBefore = metricValue(before, 'storefleet_ingest_values_total') ?? 0;

    const key = await storedBoxKey(t.ctx.db, fixture.boxId);
    const peer = await AgentPeer.open(linkUrl);
    peer.send(helloFrame(key));
    await peer.next('welcome');
    const seq = Date.now() * 1000;
    const at = Date.now();
    peer.send({
      type: 'results',
      batchId: 1,
      values: [0, 1, 2].map((i) =>
        reachabilityValue({ deviceId: fixture.posId, seq: seq + i, at, delayMs: 2 }),
      ),
    });
    await peer.next('ack');

    const token = await t.signIn('admin');
    const device = await t.app.inject({
      method: 'GET',
      url: `/api/device-service/aibox/device/detail/${fixture.posId}`,
      headers: bearer(token),
    });
    expect(device.statusCode).toBe(200);

    const after = await scrape();
    expect(after).toContain('# TYPE storefleet_ingest_values_total counter');
    expect(metricValue(after, 'storefleet_ingest_values_total')).toBe(valuesBefore + 3);
    expect(metricValue(after, 'storefleet_ingest_batches_total')).toBeGreaterThanOrEqual(1);
    expect(metricValue(after, 'storefleet_ingest_ack_seconds_count')).toBeGreaterThanOrEqual(1);
    expect(metricValue(after, 'storefleet_links_open')).toBe(1);
    // The route pattern, not the URL with the id.
    expect(after).toContain(
      'storefleet_http_request_seconds_count{method="GET",route="/api/device-service/aibox/device/detail/:deviceId",status="200"} 1',
    );
    expect(after).not.toContain(`detail/${fixture.posId}"`);
    expect(metricValue(after, 'storefleet_notifications_queued')).not.toBeNull();
    // Process figures come with the first scrape.
    expect(after).toContain('storefleet_process_resident_memory_bytes');
    if (t.ctx.database.dialect === 'postgres') {
      expect(metricValue(after, 'storefleet_db_pool_connections', '{state="total"}')).toBeGreaterThan(0);
    } else {
      expect(after).not.toContain('storefleet_db_pool_connections');
    }

    peer.socket.close();
    await peer.closed;
    await expect
      .poll(async () => metricValue(await scrape(), 'storefleet_links_open'), { timeout: 30_000 })
      .toBe(0);
  });

  it('counts alert records opened and times the scheduled jobs', async () => {
    const token = await t.signIn('admin');
    const rule = await t.app.inject({
      method: 'POST',
      url: '/api/device-service/aibox/alert/addAlertRule',
      headers: bearer(token),
      payload: {
        alertName: 'Offline (metrics)',
        alertLevel: 4,
        alertType: 1,
        triggerType: 1,
        triggerOperator: 'EQ',
        triggerValue: 0,
        shopIds: [fixture.shopId],
      },
    });
    expect(rule.statusCode, rule.body).toBe(200);
    const scrape = async () => (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
    const openedBefore = metricValue(await scrape(), 'storefleet_alert_records_opened_total') ?? 0;
    // An hour on, the fixture's devices are past any offline threshold: the sweep opens their records.
    const swept = await t.ctx.jobs.sweepOffline(Date.now() + 3_600_000);
    expect(swept.alertsOpened.length).toBeGreaterThan(0);
    const after = await scrape();
    expect(metricValue(after, 'storefleet_alert_records_opened_total')).toBe(
      openedBefore + swept.alertsOpened.length,
    );
    expect(
      metricValue(after, 'storefleet_job_duration_seconds_count', '{job="offline-sweep",outcome="ok"}'),
    ).toBeGreaterThanOrEqual(1);
  });

  it('asks for the bearer token when METRICS_TOKEN is set, and compares it in full', async () => {
    const guarded = await createTestApp({ demo: false, config: { metricsToken: 'scrape-secret-123' } });
    try {
      const get = (authorization?: string) =>
        guarded.app.inject({
          method: 'GET',
          url: '/metrics',
          headers: { 'accept-language': 'en', ...(authorization ? { authorization } : {}) },
        });
      const none = await get();
      expect(none.statusCode).toBe(401);
      expect(none.json()).toMatchObject({ ok: false, code: 'UNAUTHENTICATED' });
      expect(none.json().message).toContain('METRICS_TOKEN');
      expect((await get('Bearer scrape-secret-12')).statusCode).toBe(401);
      expect((await get('Bearer scrape-secret-1234')).statusCode).toBe(401);
      const ok = await get('Bearer scrape-secret-123');
      expect(ok.statusCode).toBe(200);
      expect(ok.headers['content-type']).toContain('text/plain');
      expect(ok.body).toContain('storefleet_http_request_seconds');
      // Health and readiness stay open for the balancer.
      expect((await guarded.app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
    } finally {
      await guarded.close();
    }
  });
});

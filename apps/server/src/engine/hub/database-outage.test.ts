// A database that blinks does not take the server down (issue 31 §1). The real box agent streams
// syslog lines while the database goes away; the server keeps running, answers /health 200, /ready 503
// and console calls 503 DATABASE_UNAVAILABLE, stops acking (the agent keeps the values on its disk), and
// within 5 s of the database's return acks again by itself. Every value acked is stored, once.
//
// The way the database goes away differs by kind, so each test run has its own case (neither is
// skipped): on PostgreSQL every backend of the server is terminated mid-ingest, then a loopback proxy
// in front of PostgreSQL is cut for 30 s; on SQLite the server's own connection is made to refuse
// writes as a read-only file would (SQLITE_READONLY), then as a full disk would (SQLITE_FULL).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { BoxAgent } from '@storefleet/agent';
import { sql } from 'kysely';
import { afterAll, describe, expect, it, vi } from 'vitest';

import { type ChildServerSite, childServerSite, postgresAdmin } from '../../testing/child-server';
import { startTcpProxy, type TcpProxy } from '../../testing/tcp-proxy';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { TEST_POSTGRES_URL, testDialect } from '../../testing/test-database';
import { insertLinkFixture } from './test-support/link-fixture.repository';
import { expectNothingTwice, expectOutageAnswers, readiness } from './test-support/outage-checks';
import {
  expectAckedStored,
  startStreamingAgent,
  syslogSender,
  syslogsWhenDrained,
} from './test-support/streaming-agent';

/** The promise: everything resumes within 5 s of the database's return. */
const RESUME_MS = 5_000;

let agent: BoxAgent | null = null;
afterAll(async () => {
  await agent?.stop();
});

/** Waits until the agent got an ack for the switch beyond `beyond` (its highest acked seq). */
async function ackedBeyond(
  acked: ReadonlyMap<string, number>,
  switchId: number,
  beyond: number,
  timeout: number,
) {
  await vi.waitFor(() => expect(acked.get(String(switchId)) ?? 0).toBeGreaterThan(beyond), {
    timeout,
    interval: 100,
  });
}

if (testDialect() === 'postgres') {
  describe('PostgreSQL going away', () => {
    let site: ChildServerSite | null = null;
    let proxy: TcpProxy | null = null;
    afterAll(async () => {
      await agent?.stop();
      await site?.cleanup();
      await proxy?.close();
    });

    it('survives terminated backends and a 30 s cut, resumes within 5 s and stores every acked value once', async () => {
      const target = new URL(TEST_POSTGRES_URL);
      proxy = await startTcpProxy(Number(target.port || 5432), target.hostname);
      const server = await childServerSite('storefleet-outage-', { dialect: 'postgres' });
      site = server;
      // The server reaches PostgreSQL through the proxy only, under a name its backends can be found by.
      const appName = `sf_outage_${server.pgSchema}`;
      const through = new URL(server.env.DATABASE_URL ?? '');
      through.host = `127.0.0.1:${proxy.port}`;
      through.searchParams.set('application_name', appName);
      server.env.DATABASE_URL = through.toString();
      const running = await server.start(90_000);
      const db = server.database().db;
      const fixture = await insertLinkFixture(db, { port: 9, community: 'public' });
      // The agent's own reconnect backoff, not a test's fast one: resuming must not depend on it.
      const streaming = await startStreamingAgent(server.baseUrl, fixture.boxKey, server.dir, {});
      agent = streaming.agent;
      const box = agent;
      const { acked } = streaming;
      await vi.waitFor(() => expect(box.runtime.link.connected).toBe(true), { timeout: 20_000 });
      const sender = await syslogSender(streaming.syslogPort);
      for (let i = 0; i < 5; i++) await sender.burst(100);
      await ackedBeyond(acked, fixture.switchId, 0, 30_000);

      // Every backend of the server terminated mid-ingest, three times over.
      let terminated = 0;
      for (let round = 0; round < 3; round++) {
        await sender.burst(100);
        const rows = await postgresAdmin(
          `select pg_terminate_backend(pid) from pg_stat_activity where application_name = '${appName}'`,
        );
        terminated += rows.length;
        await sender.burst(100);
      }
      expect(terminated).toBeGreaterThan(0);
      const afterTerminate = acked.get(String(fixture.switchId)) ?? 0;
      await sender.burst(100);
      await ackedBeyond(acked, fixture.switchId, afterTerminate, 30_000);
      expect(running.child.exitCode).toBeNull();

      // PostgreSQL unreachable for 30 s.
      const cutAt = Date.now();
      proxy.cut();
      await vi.waitFor(async () => expect((await readiness(server.baseUrl)).status).toBe(503), {
        timeout: 15_000,
        interval: 200,
      });
      await expectOutageAnswers(server.baseUrl);
      // What was committed before the cut may still be acked; nothing after. Values keep coming.
      const frozen = acked.get(String(fixture.switchId)) ?? 0;
      for (let i = 0; i < 5; i++) await sender.burst(100);
      // The cut lasts 30 s (the figure); meanwhile the server stays up and acks nothing.
      await vi.waitFor(
        async () => {
          expect(running.child.exitCode).toBeNull();
          expect((await fetch(`${server.baseUrl}/health`)).status).toBe(200);
          expect(acked.get(String(fixture.switchId)) ?? 0).toBe(frozen);
          expect(Date.now() - cutAt).toBeGreaterThanOrEqual(30_000);
        },
        { timeout: 45_000, interval: 1_000 },
      );
      expect(acked.get(String(fixture.switchId)) ?? 0).toBe(frozen);
      expect(box.runtime.buffer.depth()).toBeGreaterThan(0);
      expect(box.runtime.link.connected).toBe(true);

      proxy.restore();
      const [ready] = await Promise.all([
        vi.waitFor(
          async () => {
            const answer = await readiness(server.baseUrl);
            expect(answer.status).toBe(200);
            return Date.now();
          },
          { timeout: RESUME_MS, interval: 100 },
        ),
        ackedBeyond(acked, fixture.switchId, frozen, RESUME_MS),
      ]);
      expect(ready).toBeGreaterThan(cutAt);

      for (let i = 0; i < 3; i++) await sender.burst(100);
      sender.socket.end();
      const lines = await syslogsWhenDrained(db, box, fixture.switchId, sender.sent, 90_000);
      expect(lines).toHaveLength(sender.sent);
      await expectNothingTwice(db, fixture.switchId);
      await expectAckedStored(db, acked);
      expect(running.child.exitCode).toBeNull();
    }, 240_000);
  });
} else {
  describe('SQLite refusing writes', () => {
    let t: TestApp | null = null;
    const agentDir = mkdtempSync(join(tmpdir(), 'storefleet-outage-'));
    afterAll(async () => {
      await agent?.stop();
      await t?.close();
      rmSync(agentDir, { recursive: true, force: true });
    });

    it('answers 503 while the file refuses writes (read-only, then full), resumes within 5 s and stores every acked value once', async () => {
      const app = await createTestApp({ demo: true });
      t = app;
      await app.app.listen({ port: 0, host: '127.0.0.1' });
      const address = app.app.server.address();
      const baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
      const db = app.ctx.db;
      const fixture = await insertLinkFixture(db, { port: 9, community: 'public' });
      const streaming = await startStreamingAgent(baseUrl, fixture.boxKey, agentDir, {});
      agent = streaming.agent;
      const box = agent;
      const { acked } = streaming;
      await vi.waitFor(() => expect(box.runtime.link.connected).toBe(true), { timeout: 20_000 });
      const sender = await syslogSender(streaming.syslogPort);
      for (let i = 0; i < 3; i++) await sender.burst(100);
      await ackedBeyond(acked, fixture.switchId, 0, 30_000);

      const maxPages = await sql<{ max_page_count: number }>`pragma max_page_count`.execute(db);
      const usual = Number(maxPages.rows[0]?.max_page_count);
      // The server's one connection refuses writes as a read-only file does (every write fails), then
      // as a full disk does (a write that needs a new page fails; max_page_count cannot go below the
      // pages in use, so 1 means "no page more"). A full disk may still take a small write into a page
      // with room, so the console call is checked on the read-only case only.
      const ways = [
        { name: 'read-only', refuse: sql`pragma query_only = 1`, allow: sql`pragma query_only = 0` },
        {
          name: 'full',
          refuse: sql`pragma max_page_count = 1`,
          allow: sql.raw(`pragma max_page_count = ${usual}`),
        },
      ];
      for (const way of ways) {
        await way.refuse.execute(db);
        for (let i = 0; i < 3; i++) await sender.burst(100);
        await vi.waitFor(async () => expect((await readiness(baseUrl)).status, way.name).toBe(503), {
          timeout: 15_000,
          interval: 200,
        });
        if (way.name === 'read-only') await expectOutageAnswers(baseUrl);
        else expect((await fetch(`${baseUrl}/health`)).status).toBe(200);
        const frozen = acked.get(String(fixture.switchId)) ?? 0;
        // Values keep arriving and wait on the agent's disk; the link stays; nothing is acked.
        for (let i = 0; i < 3; i++) await sender.burst(100);
        await vi.waitFor(() => expect(box.runtime.buffer.depth()).toBeGreaterThan(0), { timeout: 10_000 });
        expect(acked.get(String(fixture.switchId)) ?? 0).toBe(frozen);
        expect(box.runtime.link.connected).toBe(true);

        await way.allow.execute(db);
        await Promise.all([
          vi.waitFor(async () => expect((await readiness(baseUrl)).status).toBe(200), {
            timeout: RESUME_MS,
            interval: 100,
          }),
          ackedBeyond(acked, fixture.switchId, frozen, RESUME_MS),
        ]);
      }

      sender.socket.end();
      const lines = await syslogsWhenDrained(db, box, fixture.switchId, sender.sent, 60_000);
      expect(lines).toHaveLength(sender.sent);
      await expectNothingTwice(db, fixture.switchId);
      await expectAckedStored(db, acked);
    }, 120_000);
  });
}

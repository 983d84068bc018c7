// Live updates over a real HTTP stream (listening on 127.0.0.1, read with fetch): opened with a
// single-use ticket, never the access token in the URL; events stay in the caller's scope; a stream
// ends with its session (sign-out, disable, password change, a role without the device module) and
// when the server starts shutting down.
import type { AddressInfo } from 'node:net';
import { MODULE, PAGE } from '@storefleet/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { DEMO_ROLES } from '../../demo/demo-data';
import { reachabilityValue } from '../../engine/hub/test-support/agent-values';
import { insertLinkFixture, type LinkFixture } from '../../engine/hub/test-support/link-fixture.repository';
import type { Reporter } from '../../engine/ingest/ingest.service';
import { drainAndClose } from '../../http/lifecycle';
import { bearer, createTestApp, envelopeOf, TEST_LANGUAGE, type TestApp } from '../../testing/test-app';

const EVENTS = '/api/device-service/aibox/device/events';
const USER = '/api/user-service/user';
const ROLE = '/api/user-service/role';
/** Far below the 15 s heartbeat: a stream ending this fast was ended by the session change itself. */
const PROMPT_MS = 3_000;
const NEVER_SENT = 'never sent';

let t: TestApp;
let fixture: LinkFixture;
let box: Reporter;
let admin: string;
let origin: string;
let seq = Date.now() * 1000;
let operatorRoleId: number;
let viewerRoleId: number;

beforeAll(async () => {
  t = await createTestApp({ demo: true });
  fixture = await insertLinkFixture(t.ctx.db, { port: 161, community: 'public' });
  box = { deviceId: fixture.boxId, shopId: fixture.shopId, mode: 'box' };
  admin = await t.signIn('admin');
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  const roles = await t.ctx.db.selectFrom('roles').select(['id', 'name']).execute();
  const roleId = (name: string) => roles.find((r) => r.name === name)?.id ?? 0;
  operatorRoleId = roleId(DEMO_ROLES.eastOperator.name);
  viewerRoleId = roleId(DEMO_ROLES.viewer.name);
});
afterAll(() => t.close());

/** A stream ticket for the session of `token` (and the company an agent admin names). */
async function ticketFor(token: string, companyId?: number): Promise<string> {
  const res = await fetch(`${origin}${EVENTS}/ticket`, { method: 'POST', headers: bearer(token, companyId) });
  expect(res.status).toBe(200);
  const body = (await res.json()) as { data: { ticket: string; expiresInSeconds: number } };
  expect(body.data.expiresInSeconds).toBe(60);
  return body.data.ticket;
}

/** Opens the live-updates stream at `query` over HTTP; read it with readUntil / endsWithin. */
async function openStream(query: string, headers: Record<string, string> = {}) {
  const controller = new AbortController();
  const res = await fetch(`${origin}${EVENTS}?${query}`, {
    headers: { ...TEST_LANGUAGE, ...headers },
    signal: AbortSignal.any([controller.signal, AbortSignal.timeout(15_000)]),
  });
  const reader = res.body?.getReader();
  if (!reader) throw new Error('no body');
  const stream = {
    res,
    text: '',
    ended: false,
    abort: () => controller.abort(),
    async readUntil(needle: string) {
      while (!stream.text.includes(needle)) {
        const chunk = await reader.read();
        if (chunk.done) {
          stream.ended = true;
          break;
        }
        stream.text += new TextDecoder().decode(chunk.value);
      }
    },
    /** The whole body read as an envelope (for refusals). */
    async envelope(): Promise<{ code: string; message: string; ok: boolean }> {
      await stream.readUntil(NEVER_SENT);
      return JSON.parse(stream.text) as { code: string; message: string; ok: boolean };
    },
    /** True when the server ends the stream within `ms`; false when it is still open then. */
    async endsWithin(ms: number): Promise<boolean> {
      const timer = setTimeout(() => controller.abort(), ms);
      try {
        await stream.readUntil(NEVER_SENT);
        return stream.ended;
      } catch {
        return false;
      } finally {
        clearTimeout(timer);
      }
    },
  };
  return stream;
}

/** An open stream of the session of `token`, connected. */
async function streamOf(token: string) {
  const stream = await openStream(`ticket=${await ticketFor(token)}`);
  expect(stream.res.status).toBe(200);
  await stream.readUntil(': connected');
  return stream;
}

/** A new common user with the East China operator role (device module included), signed in. */
async function newOperator(
  userName: string,
  roleId = operatorRoleId,
): Promise<{ id: number; token: string }> {
  const res = await t.app.inject({
    method: 'PUT',
    url: USER,
    headers: bearer(admin),
    payload: { name: userName, userName, password: 'Secret#2026', status: 'ACTIVE', roleId },
  });
  expect(res.statusCode).toBe(200);
  const { id } = envelopeOf<{ id: number }>(res).data;
  return { id, token: await t.signIn(userName, 'Secret#2026') };
}

const reachability = (deviceId: number, at: number, online: boolean) =>
  reachabilityValue({ deviceId, seq: ++seq, at, online });

describe('opening the stream', () => {
  it('streams status changes of the caller’s devices as server-sent events, opened with a ticket', async () => {
    const stream = await openStream(`ticket=${await ticketFor(admin)}`);
    expect(stream.res.status).toBe(200);
    expect(stream.res.headers.get('content-type')).toContain('text/event-stream');
    await stream.readUntil(': connected');
    const at = Date.now();
    // Another company's device changes too (through the hub's ingest, which publishes what it
    // commits): it must not reach this caller.
    await t.ctx.engine.hub.ingest({ deviceId: fixture.foreignId, shopId: 0, mode: 'device' }, [
      reachability(fixture.foreignId, at, true),
    ]);
    // Online, then offline: two changes of the caller's own device.
    await t.ctx.engine.hub.ingest(box, [reachability(fixture.posId, at + 1, true)]);
    await t.ctx.engine.hub.ingest(box, [reachability(fixture.posId, at + 2, false)]);
    await stream.readUntil('"onlineStatus":0');
    stream.abort();
    expect(stream.text).toContain('event: status');
    expect(stream.text).toContain(`"deviceId":${fixture.posId}`);
    expect(stream.text).toContain('"onlineStatus":0');
    expect(stream.text).not.toContain(`"deviceId":${fixture.foreignId}`);
  });

  it('refuses the access token in the URL, even a valid one, and says how to open the stream', async () => {
    const stream = await openStream(`token=${admin}`);
    expect(stream.res.status).toBe(400);
    const body = await stream.envelope();
    expect(body.ok).toBe(false);
    expect(body.message).toContain('ticket');
  });

  it('opens one stream per ticket: the same ticket again is refused', async () => {
    const ticket = await ticketFor(admin);
    const first = await openStream(`ticket=${ticket}`);
    expect(first.res.status).toBe(200);
    await first.readUntil(': connected');
    first.abort();
    const again = await openStream(`ticket=${ticket}`);
    expect(again.res.status).toBe(401);
    expect((await again.envelope()).message).toContain('ticket');
  });

  it('refuses a ticket older than a minute', async () => {
    const fresh = await ticketFor(admin);
    const stale = await ticketFor(admin);
    // Only Date moves: the HTTP round trips keep their real timers.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 59_000);
      const inTime = await openStream(`ticket=${fresh}`);
      expect(inTime.res.status).toBe(200);
      inTime.abort();
      vi.setSystemTime(Date.now() + 2_000);
      expect((await openStream(`ticket=${stale}`)).res.status).toBe(401);
    } finally {
      vi.useRealTimers();
    }
  });

  it('refuses an unknown ticket, no credentials at all, and a ticket asked for without a session', async () => {
    expect((await openStream(`ticket=${'A'.repeat(43)}`)).res.status).toBe(401);
    expect((await openStream('')).res.status).toBe(401);
    const res = await fetch(`${origin}${EVENTS}/ticket`, { method: 'POST' });
    expect(res.status).toBe(401);
  });

  it('still accepts the Authorization header, for clients that can send one', async () => {
    const stream = await openStream('', bearer(admin));
    expect(stream.res.status).toBe(200);
    await stream.readUntil(': connected');
    stream.abort();
  });

  it('streams the company an agent-platform admin chose when asking for the ticket, not its home company', async () => {
    const foreign = await t.ctx.db
      .selectFrom('devices')
      .select('company_id')
      .where('id', '=', fixture.foreignId)
      .executeTakeFirstOrThrow();
    const agent = await t.signIn('agent');
    const stream = await openStream(`ticket=${await ticketFor(agent, foreign.company_id)}`);
    expect(stream.res.status).toBe(200);
    await stream.readUntil(': connected');
    const at = Date.now() + 10_000;
    await t.ctx.engine.hub.ingest(box, [reachability(fixture.posId, at, true)]);
    await t.ctx.engine.hub.ingest({ deviceId: fixture.foreignId, shopId: 0, mode: 'device' }, [
      reachability(fixture.foreignId, at + 1, false),
    ]);
    await stream.readUntil('event: status');
    stream.abort();
    expect(stream.text).toContain(`"deviceId":${fixture.foreignId}`);
    expect(stream.text).not.toContain(`"deviceId":${fixture.posId}`);
  });
});

describe('a stream ends with its session', () => {
  it('ends the stream of a session that signs out, and only that session’s', async () => {
    const leaving = await t.signIn('admin');
    const staying = await t.signIn('admin');
    const ended = await streamOf(leaving);
    const open = await streamOf(staying);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user-service/auth/logout',
      headers: bearer(leaving),
    });
    expect(res.statusCode).toBe(200);
    expect(await ended.endsWithin(PROMPT_MS)).toBe(true);
    // The other session of the same user keeps its stream, and it still carries changes.
    const at = Date.now() + 20_000;
    await t.ctx.engine.hub.ingest(box, [reachability(fixture.posId, at, true)]);
    await t.ctx.engine.hub.ingest(box, [reachability(fixture.posId, at + 1, false)]);
    await open.readUntil('event: status');
    open.abort();
    expect(open.text).toContain(`"deviceId":${fixture.posId}`);
    // And the signed-out session cannot ask for another ticket.
    const refused = await fetch(`${origin}${EVENTS}/ticket`, { method: 'POST', headers: bearer(leaving) });
    expect(refused.status).toBe(401);
  });

  it('ends the streams of a user an admin disables', async () => {
    const user = await newOperator('stream.disabled');
    const stream = await streamOf(user.token);
    const res = await t.app.inject({
      method: 'POST',
      url: `${USER}/disable?id=${user.id}`,
      headers: bearer(admin),
    });
    expect(res.statusCode).toBe(200);
    expect(await stream.endsWithin(PROMPT_MS)).toBe(true);
  });

  it('ends the streams of the other sessions of a user who changes its password, not its own', async () => {
    const user = await newOperator('stream.password');
    const elsewhere = await t.signIn('stream.password', 'Secret#2026');
    const own = await streamOf(user.token);
    const other = await streamOf(elsewhere);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user-service/auth/changePassword',
      headers: bearer(user.token),
      payload: { oldPassword: 'Secret#2026', newPassword: 'Changed#2026x' },
    });
    expect(res.statusCode).toBe(200);
    expect(await other.endsWithin(PROMPT_MS)).toBe(true);
    // The page that changed it goes on under the fresh token of the reply and reopens its stream
    // itself; ending it now would race the reply and sign the page out.
    expect(await own.endsWithin(1_000)).toBe(false);
    own.abort();
  });

  it('ends the stream when an admin gives the user a role without the device module', async () => {
    const user = await newOperator('stream.narrowed');
    const stream = await streamOf(user.token);
    const res = await t.app.inject({
      method: 'POST',
      url: USER,
      headers: bearer(admin),
      payload: {
        id: user.id,
        name: 'stream.narrowed',
        userName: 'stream.narrowed',
        status: 'ACTIVE',
        roleId: viewerRoleId,
      },
    });
    expect(res.statusCode).toBe(200);
    expect(await stream.endsWithin(PROMPT_MS)).toBe(true);
  });

  it("ends the stream when an admin takes the device module out of the user's role", async () => {
    const role = await t.app.inject({
      method: 'PUT',
      url: ROLE,
      headers: bearer(admin),
      payload: { name: 'stream.role', authorities: [MODULE.device, PAGE.deviceMonitored] },
    });
    expect(role.statusCode).toBe(200);
    const roleId = envelopeOf<{ id: number }>(role).data.id;
    const user = await newOperator('stream.role.holder', roleId);
    const stream = await streamOf(user.token);
    const res = await t.app.inject({
      method: 'POST',
      url: ROLE,
      headers: bearer(admin),
      payload: { id: roleId, name: 'stream.role', authorities: [MODULE.store, PAGE.storeOverview] },
    });
    expect(res.statusCode).toBe(200);
    expect(await stream.endsWithin(PROMPT_MS)).toBe(true);
  });

  it('keeps a stream open while nothing about its session changes', async () => {
    const user = await newOperator('stream.steady');
    const stream = await streamOf(user.token);
    // Another user's change is not this stream's business.
    const other = await newOperator('stream.other');
    await t.app.inject({ method: 'POST', url: `${USER}/disable?id=${other.id}`, headers: bearer(admin) });
    expect(await stream.endsWithin(1_000)).toBe(false);
  });
});

describe('shutting down', () => {
  it('ends open streams as soon as the server starts shutting down', async () => {
    const stream = await streamOf(admin);
    // A grace period far longer than the test's timeout: the shutdown must not wait for the stream.
    await drainAndClose(t.app, 600_000);
    await stream.readUntil(NEVER_SENT);
    expect(stream.ended).toBe(true);
    expect(t.app.server.listening).toBe(false);
  });
});

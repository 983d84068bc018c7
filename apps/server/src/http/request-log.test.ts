// The request log never holds a credential: real requests over HTTP (127.0.0.1) with a ticket, an
// access token, a password and a cookie in their URLs and headers, the log lines captured as pino
// writes them.
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';

import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { bearer, createTestApp, type TestApp } from '../testing/test-app';
import { REDACTED, redactUrl } from './request-log';

const EVENTS = '/api/device-service/aibox/device/events';

let t: TestApp;
let origin: string;
const lines: string[] = [];

beforeAll(async () => {
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString('utf8'));
      done();
    },
  });
  t = await createTestApp({ logger: pino({ level: 'info' }, destination) });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t.close());

describe('request log', () => {
  it('logs requests without their tickets, tokens, passwords, authorization or cookies', async () => {
    const token = await t.signIn('admin');
    const ticketReply = await fetch(`${origin}${EVENTS}/ticket`, { method: 'POST', headers: bearer(token) });
    const { ticket } = ((await ticketReply.json()) as { data: { ticket: string } }).data;
    const stream = await fetch(`${origin}${EVENTS}?ticket=${ticket}`);
    expect(stream.status).toBe(200);
    await stream.body?.cancel();
    // An access token in the URL is refused — and not logged either.
    expect((await fetch(`${origin}${EVENTS}?token=${token}`)).status).toBe(400);
    const me = await fetch(`${origin}/api/user-service/auth/me?access_token=${token}`, {
      headers: { ...bearer(token), cookie: 'session=cookie-secret-42' },
    });
    expect(me.status).toBe(200);
    await fetch(`${origin}/api/nowhere?password=hunter2-secret&page=2`);

    const log = lines.join('');
    // The capture works: the requests are there, with what helps reading them.
    expect(log).toContain('incoming request');
    expect(log).toContain(`${EVENTS}?ticket=${REDACTED}`);
    expect(log).toContain(`/api/nowhere?password=${REDACTED}&page=2`);
    for (const secret of [token, ticket, 'hunter2-secret', 'cookie-secret-42', 'Bearer ']) {
      expect(log).not.toContain(secret);
    }
  });

  it('redacts every credential-like query value and keeps the rest of the URL', () => {
    expect(redactUrl('/api/x')).toBe('/api/x');
    expect(redactUrl('/api/x?pageNum=1&pageSize=10')).toBe('/api/x?pageNum=1&pageSize=10');
    expect(redactUrl('/api/x?token=abc&pageNum=1&ticket=def')).toBe(
      `/api/x?token=${REDACTED}&pageNum=1&ticket=${REDACTED}`,
    );
    // Encoded names, odd spellings and bracket forms are credentials too.
    expect(redactUrl('/a?%74oken=abc')).toBe(`/a?%74oken=${REDACTED}`);
    expect(redactUrl('/a?Access_Token=abc&securityKey=k&newPassword=p')).toBe(
      `/a?Access_Token=${REDACTED}&securityKey=${REDACTED}&newPassword=${REDACTED}`,
    );
    expect(redactUrl('/a?token[]=abc&%E0=x')).toBe(`/a?token[]=${REDACTED}&%E0=x`);
  });
});

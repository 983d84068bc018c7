import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { registerProbeRoutes } from '../testing/probe-routes';
import { bearer, createTestApp, envelopeOf, TEST_LANGUAGE, type TestApp } from '../testing/test-app';

const logLines: string[] = [];
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    logger: pino({ level: 'error' }, { write: (line: string) => void logLines.push(line) }),
    extraRoutes: [registerProbeRoutes],
  });
});
afterAll(() => t.close());

describe('the reply envelope', () => {
  it('wraps data in { code: "200", data, message, ok: true }', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/test/echo', payload: { pageNum: 2 } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      code: '200',
      data: { pageNum: 2, pageSize: 10 },
      message: 'success',
      ok: true,
    });
  });

  it('answers an unknown /api path with 404 and a non-"200" code', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/device-service/nothing-here?x=1' });
    expect(res.statusCode).toBe(404);
    expect(envelopeOf(res)).toMatchObject({ code: 'ROUTE_NOT_FOUND', ok: false, data: null });
    expect(envelopeOf(res).message).toContain('/api/device-service/nothing-here');
  });

  it('hides the details of an unexpected failure and logs them', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/boom' });
    expect(res.statusCode).toBe(500);
    const body = envelopeOf(res);
    expect(body).toMatchObject({ code: 'INTERNAL_ERROR', ok: false });
    expect(res.body).not.toContain('hunter2');
    expect(logLines.join('\n')).toContain('hunter2');
  });

  it('marks every reply nosniff', async () => {
    for (const url of ['/api/test/echo', '/api/nowhere', '/api/openapi.json']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
  });
});

describe('validation', () => {
  it('names the field and the rule it breaks', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: TEST_LANGUAGE,
      payload: { pageSize: 5000 },
    });
    expect(res.statusCode).toBe(400);
    expect(envelopeOf(res)).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'pageSize: must be at most 1000',
    });
  });

  it('names nested fields and wrong types', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: TEST_LANGUAGE,
      payload: { pageNum: 'first', filter: { name: 'far too long' } },
    });
    expect(res.statusCode).toBe(400);
    const { message, data } = envelopeOf<{ fields: Array<{ field: string }> }>(res);
    expect(message).toContain('pageNum: must be a whole number');
    expect(message).toContain('filter.name: must be at most 5 characters');
    expect(data.fields.map((f) => f.field)).toEqual(['pageNum', 'filter.name']);
  });

  it('validates path parameters', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/items/-3', headers: TEST_LANGUAGE });
    expect(res.statusCode).toBe(400);
    expect(envelopeOf(res).message).toBe('id: must be a positive id');
  });

  it('refuses text holding a NUL character, which PostgreSQL cannot store', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: TEST_LANGUAGE,
      payload: { filter: { name: 'a\u0000b' } },
    });
    expect(res.statusCode).toBe(400);
    expect(envelopeOf(res).message).toBe('filter.name: must not contain the NUL character');
    const query = await t.app.inject({
      method: 'GET',
      url: '/api/test/items/1?tags.0=ok&tags.1=%00',
      headers: TEST_LANGUAGE,
    });
    expect(envelopeOf(query).message).toBe('tags[1]: must not contain the NUL character');
  });

  it('refuses malformed JSON with MALFORMED_BODY', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"pageNum": 1,',
    });
    expect(res.statusCode).toBe(400);
    expect(envelopeOf(res)).toMatchObject({ code: 'MALFORMED_BODY', ok: false });
  });

  it('refuses JSON that tries to set __proto__', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"__proto__": {"admin": true}}',
    });
    expect(res.statusCode).toBe(400);
    expect(envelopeOf(res).code).toBe('MALFORMED_BODY');
  });

  it('refuses a body over 1 MiB with 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ filler: 'x'.repeat(1024 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(envelopeOf(res)).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', ok: false });
  });

  it('refuses a content type it does not read with 415', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/xml' },
      payload: '<a/>',
    });
    expect(res.statusCode).toBe(415);
    expect(envelopeOf(res).code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });
});

describe('permissions', () => {
  it('answers 401 without a session and 403 without the codes', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/test/admin-only' });
    expect(anonymous.statusCode).toBe(401);
    expect(envelopeOf(anonymous).code).toBe('UNAUTHENTICATED');

    const operator = await t.signIn('operator');
    const refused = await t.app.inject({
      method: 'GET',
      url: '/api/test/admin-only',
      headers: bearer(operator),
    });
    expect(refused.statusCode).toBe(403);
    expect(envelopeOf(refused).code).toBe('FORBIDDEN');

    const admin = await t.signIn('admin');
    const allowed = await t.app.inject({
      method: 'GET',
      url: '/api/test/admin-only',
      headers: bearer(admin),
    });
    expect(envelopeOf(allowed).data).toBe('admin');
  });

  it('refuses a forged token', async () => {
    const admin = await t.signIn('admin');
    const [header, payload] = admin.split('.');
    const forged = `${header}.${payload}.${Buffer.from('not the signature').toString('base64url')}`;
    const res = await t.app.inject({ method: 'GET', url: '/api/test/admin-only', headers: bearer(forged) });
    expect(res.statusCode).toBe(401);
  });
});

describe('the OpenAPI document', () => {
  it('lists every declared call with its schemas and permissions', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as {
      openapi: string;
      paths: Record<string, Record<string, Record<string, unknown>>>;
    };
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/user-service/auth/login',
        '/api/user-service/auth/logout',
        '/api/user-service/auth/me',
        '/api/user-service/callLog/queryByPage',
        '/api/user-service/callLog/logOperation',
        '/api/test/items/{id}',
      ]),
    );
    const login = doc.paths['/api/user-service/auth/login']?.post;
    expect(login).toMatchObject({ summary: 'Sign in', tags: ['auth'], security: [] });
    expect(JSON.stringify(login?.requestBody)).toContain('"username"');
    const list = doc.paths['/api/user-service/callLog/queryByPage']?.post;
    expect(list?.['x-permissions']).toEqual(['call-log']);
    const item = doc.paths['/api/test/items/{id}']?.get as {
      parameters: Array<{ name: string; in: string }>;
    };
    expect(item.parameters).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'id', in: 'path' }),
        expect.objectContaining({ name: 'tags', in: 'query' }),
      ]),
    );
  });

  it('serves a browsable page at /api/docs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body.toLowerCase()).toContain('swagger');
  });
});

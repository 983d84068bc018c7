// /metrics and the API documentation (/api/docs, /api/openapi.json): open on a loopback HOST, closed
// (403 naming the variable) on any other unless their token is set, and then only with the token.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestApp, type TestApp } from '../testing/test-app';

const PATHS = {
  metrics: ['/metrics'],
  docs: ['/api/openapi.json', '/api/docs', '/api/docs/json'],
} as const;

const apps: TestApp[] = [];
let loopback: TestApp;
let exposed: TestApp;
let guarded: TestApp;

beforeAll(async () => {
  loopback = await createTestApp({ demo: false });
  exposed = await createTestApp({ demo: false, config: { host: '0.0.0.0' } });
  guarded = await createTestApp({
    demo: false,
    config: { host: '0.0.0.0', metricsToken: 'metrics-secret-1', docsToken: 'docs-secret-1' },
  });
  apps.push(loopback, exposed, guarded);
}, 60_000);
afterAll(async () => {
  for (const app of apps) await app.close();
});

const get = (t: TestApp, url: string, authorization?: string) =>
  t.app.inject({
    method: 'GET',
    url,
    headers: { 'accept-language': 'en', ...(authorization ? { authorization } : {}) },
  });

const basic = (password: string) => `Basic ${Buffer.from(`anyone:${password}`).toString('base64')}`;

describe('operator endpoints', () => {
  it('are open on a loopback HOST without a token (the default)', async () => {
    for (const url of [...PATHS.metrics, ...PATHS.docs])
      expect((await get(loopback, url)).statusCode, url).toBe(200);
    expect((await get(loopback, '/api/openapi.json')).json()).toMatchObject({ openapi: expect.any(String) });
  });

  it('are closed on a HOST other machines reach when no token is set, naming the variable', async () => {
    for (const [variable, urls] of [
      ['METRICS_TOKEN', PATHS.metrics],
      ['DOCS_TOKEN', PATHS.docs],
    ] as const) {
      for (const url of urls) {
        const res = await get(exposed, url);
        expect(res.statusCode, url).toBe(403);
        expect(res.json()).toMatchObject({ ok: false, code: 'FORBIDDEN' });
        expect(res.json().message).toContain(`Set ${variable}`);
        expect(res.body).not.toContain('openapi');
      }
    }
    const zh = await exposed.app.inject({ method: 'GET', url: '/api/docs' });
    expect(zh.json().message).toContain('设置 DOCS_TOKEN');
    // The console's own calls and the balancer's checks stay as they were.
    expect((await get(exposed, '/health')).statusCode).toBe(200);
    expect((await get(exposed, '/api/user-service/auth/me')).statusCode).toBe(401);
  });

  it('ask for their own token when it is set, as a bearer token or a Basic password', async () => {
    for (const [token, other, urls] of [
      ['metrics-secret-1', 'docs-secret-1', PATHS.metrics],
      ['docs-secret-1', 'metrics-secret-1', PATHS.docs],
    ] as const) {
      for (const url of urls) {
        const none = await get(guarded, url);
        expect(none.statusCode, url).toBe(401);
        expect(none.headers['www-authenticate']).toContain('Basic');
        expect((await get(guarded, url, `Bearer ${other}`)).statusCode, url).toBe(401);
        expect((await get(guarded, url, `Bearer ${token}x`)).statusCode, url).toBe(401);
        expect((await get(guarded, url, `Bearer ${token}`)).statusCode, url).toBe(200);
        expect((await get(guarded, url, basic(token))).statusCode, url).toBe(200);
      }
    }
  });
});

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestApp, type TestApp } from '../testing/test-app';

let t: TestApp;
let dist: string;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'storefleet-web-'));
  mkdirSync(join(dist, 'admin'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<html>company app</html>');
  writeFileSync(join(dist, 'admin', 'index.html'), '<html>admin app</html>');
  writeFileSync(join(dist, 'assets', 'main-abc123.js'), 'console.log(1)');
  t = await createTestApp({ demo: false, config: { webDist: dist } });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

const get = (url: string) => t.app.inject({ method: 'GET', url });
const csp = (res: { headers: Record<string, unknown> }) => res.headers['content-security-policy'];

describe('serving the web console', () => {
  it('serves the company application at / and the admin application at /admin/', async () => {
    expect((await get('/')).body).toBe('<html>company app</html>');
    expect((await get('/admin/')).body).toBe('<html>admin app</html>');
    expect((await get('/admin')).body).toBe('<html>admin app</html>');
  });

  it("answers the spec's page paths with the right application's index.html", async () => {
    const company = await get('/device/index.html?pageNum=2');
    expect(company.statusCode).toBe(200);
    expect(company.body).toBe('<html>company app</html>');
    expect((await get('/stores/store/12.html')).body).toBe('<html>company app</html>');
    expect((await get('/admin/user/index.html')).body).toBe('<html>admin app</html>');
    // An unknown page still reaches the console, whose router shows its not-found page.
    expect((await get('/no/such/page.html')).body).toBe('<html>company app</html>');
    expect((await get('/admin/no/such/page.html')).body).toBe('<html>admin app</html>');
  });

  it('answers 404 for unknown paths that are not console pages, never the console with 200', async () => {
    for (const url of ['/healthz', '/status', '/favicon.txt', '/api2/devices', '/no/such/page', '/device']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/^text\/plain/);
      expect(res.body, url).not.toContain('app</html>');
    }
    const api = await get('/api/unknown');
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ code: 'ROUTE_NOT_FOUND', ok: false });
    expect((await t.app.inject({ method: 'POST', url: '/device/index.html' })).statusCode).toBe(404);
  });

  it('sends the console pages with a Content-Security-Policy, and API replies without one', async () => {
    for (const url of ['/', '/admin/', '/index.html', '/admin/index.html', '/device/index.html']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      const policy = String(csp(res));
      for (const directive of [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data: blob:",
        "connect-src 'self'",
        "frame-ancestors 'none'",
        "object-src 'none'",
        "base-uri 'self'",
      ]) {
        expect(policy, url).toContain(directive);
      }
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['referrer-policy'], url).toBe('same-origin');
      expect(res.headers['x-frame-options'], url).toBe('DENY');
    }
    expect(csp(await get('/api/x'))).toBeUndefined();
  });

  it('serves hashed assets for a year and 404s missing ones', async () => {
    const asset = await get('/assets/main-abc123.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    expect((await get('/assets/missing-xyz.js')).statusCode).toBe(404);
  });

  it('says the console is not built when there is no build, still with 404', async () => {
    const bare = await createTestApp({ demo: false });
    try {
      const res = await bare.app.inject({ method: 'GET', url: '/device/index.html' });
      expect(res.statusCode).toBe(404);
      expect(res.body).toContain('npm run build -w apps/web');
      expect((await bare.app.inject({ method: 'GET', url: '/healthz' })).body).toBe('Not found\n');
    } finally {
      await bare.close();
    }
  });

  it('keeps /api paths as API not-found replies and marks everything nosniff', async () => {
    const api = await get('/api/some/page.html');
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ code: 'ROUTE_NOT_FOUND' });
    for (const url of ['/', '/admin/user/index.html', '/assets/main-abc123.js', '/api/x']) {
      expect((await get(url)).headers['x-content-type-options']).toBe('nosniff');
    }
  });
});
